-- Run by tests/neovim.rs as `nvim --headless --clean -c "luafile check.lua" FILE`: attach
-- `urigram lsp` to the current buffer, wait for its diagnostics, ask for a hover, stop the
-- server, and write what Neovim holds as JSON to $URIGRAM_OUT. Uses only APIs that Neovim 0.7
-- has (vim.lsp.start_client, buf_attach_client, vim.diagnostic.get, vim.wait, vim.json).
--
-- Environment: URIGRAM_BIN (the urigram binary), URIGRAM_OUT (the JSON file to write),
-- URIGRAM_UTF8=1 to offer utf-8 in general.positionEncodings and use the encoding the server
-- chooses (what Neovim 0.10 and later do by themselves), URIGRAM_HOVER="row,col" (1-based row,
-- 0-based byte column) for the hover request.

local out = {}

local function main()
  local bufnr = vim.api.nvim_get_current_buf()
  local caps = vim.lsp.protocol.make_client_capabilities()
  if vim.env.URIGRAM_UTF8 == "1" then
    caps.general = caps.general or {}
    caps.general.positionEncodings = { "utf-8", "utf-16" }
  end
  out.offered = caps.general and caps.general.positionEncodings or vim.NIL
  out.nvim_version = tostring(vim.version().major) .. "." .. tostring(vim.version().minor)
    .. "." .. tostring(vim.version().patch)
  local exited = false
  local id = vim.lsp.start_client({
    name = "urigram",
    cmd = { vim.env.URIGRAM_BIN, "lsp" },
    root_dir = vim.fn.getcwd(),
    capabilities = caps,
    init_options = { grammar = "rfc2396" },
    on_init = function(client, result)
      local enc = result.capabilities.positionEncoding
      out.server_encoding = enc or vim.NIL
      if vim.env.URIGRAM_UTF8 == "1" and enc then
        client.offset_encoding = enc
      end
      out.client_encoding = client.offset_encoding
    end,
    on_exit = function(code, signal)
      out.exit_code = code
      out.exit_signal = signal
      exited = true
    end,
  })
  assert(id, "vim.lsp.start_client failed")
  assert(vim.lsp.buf_attach_client(bufnr, id), "buf_attach_client failed")

  local ok = vim.wait(20000, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 20)
  assert(ok, "no diagnostics within 20 s")

  local diags = vim.diagnostic.get(bufnr)
  table.sort(diags, function(a, b)
    return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
  end)
  out.diagnostics = {}
  for _, d in ipairs(diags) do
    table.insert(out.diagnostics, {
      lnum = d.lnum,
      col = d.col,
      end_lnum = d.end_lnum,
      end_col = d.end_col,
      message = d.message,
      code = d.code or vim.NIL,
      source = d.source or vim.NIL,
      severity = d.severity,
    })
  end
  out.count = #diags

  -- Hover where the test puts the cursor: Neovim converts the byte column itself.
  local row, col = string.match(vim.env.URIGRAM_HOVER or "", "(%d+),(%d+)")
  if row then
    vim.api.nvim_win_set_cursor(0, { tonumber(row), tonumber(col) })
    local client = vim.lsp.get_client_by_id(id)
    local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
    out.hover_position = params.position
    local res = vim.lsp.buf_request_sync(bufnr, "textDocument/hover", params, 10000)
    local r = res and res[id]
    if r and r.result then
      out.hover = r.result.contents.value
    else
      out.hover = vim.NIL
      local e = r and (r.err or r.error)
      out.hover_error = e and e.message or "no response"
    end
  end

  -- A quick fix: ask for the code actions at the first diagnostic, apply the one that escapes
  -- the '%' with the workspace edit it carries, and wait for the diagnostic to go.
  local first = diags[1]
  local client = vim.lsp.get_client_by_id(id)
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
  local rp = vim.lsp.util.make_range_params(0, client.offset_encoding)
  rp.context = { diagnostics = {} }
  local res = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", rp, 10000)
  local actions = res and res[id] and res[id].result or {}
  out.actions = {}
  local chosen
  for _, a in ipairs(actions) do
    table.insert(out.actions, { title = a.title, kind = a.kind or vim.NIL,
      diagnostics = a.diagnostics and #a.diagnostics or 0 })
    if not chosen and a.kind == "quickfix" and a.edit and string.find(a.title, "%%25") then
      chosen = a
    end
  end
  if chosen then
    vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
    out.fixed_line = vim.api.nvim_buf_get_lines(bufnr, first.lnum, first.lnum + 1, false)[1]
    vim.wait(10000, function()
      return #vim.diagnostic.get(bufnr) == out.count - 1
    end, 20)
    out.after_fix_count = #vim.diagnostic.get(bufnr)
  else
    out.fixed_line = vim.NIL
  end

  vim.lsp.stop_client(id)
  assert(vim.wait(10000, function()
    return exited
  end, 20), "the server did not exit within 10 s")
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  out.error = tostring(err)
end
local f = assert(io.open(vim.env.URIGRAM_OUT, "w"))
f:write(vim.json.encode(out))
f:close()
vim.cmd("qa!")
