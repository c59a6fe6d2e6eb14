# Count the lines of a file that Ruby's RFC 2396 parser accepts; print "VALID LINES".
#
#   ruby ruby-rfc2396.rb regexp FILE   # the whole line matches the parser's URI_REF pattern
#   ruby ruby-rfc2396.rb parse FILE    # URI::RFC2396_Parser#parse(line) does not raise
#
# Ruby 3.4 names the shared instance URI::RFC2396_PARSER; older versions only have the class.
require 'uri'

mode, file = ARGV
parser = defined?(URI::RFC2396_PARSER) ? URI::RFC2396_PARSER : URI::RFC2396_Parser.new
# pattern[:URI_REF] is "(?:absoluteURI|relativeURI)?(?:#fragment)?" (with RFC 2732's IPv6
# references), unanchored: anchor it to the whole line.
whole = Regexp.new("\\A(?:#{parser.pattern[:URI_REF]})\\z")
n = valid = 0
File.foreach(file, mode: 'rb') do |line|
  line.chomp!
  n += 1
  if mode == 'parse'
    begin
      parser.parse(line)
      valid += 1
    rescue URI::Error
    end
  elsif whole.match?(line)
    valid += 1
  end
end
puts "#{valid} #{n}"
