# Count the lines of a file that Perl's Regexp::Common URI patterns accept; print
# "VALID LINES GAVE_UP".
#
#   perl perl-regexp-common.pl schemes MS FILE  # the scheme patterns, tried one by one
#   perl perl-regexp-common.pl any MS FILE      # $RE{URI}, their union
#
# Regexp::Common has no pattern for RFC 2396's URI-reference that compiles:
# Regexp::Common::URI::RFC2396's $relativeURI (RFC2396.pm line 93) lacks a closing
# parenthesis, so $URI_reference is no valid regular expression. Its per-scheme patterns
# (RFC 1738 and successors: $RE{URI}{HTTP}, $RE{URI}{FTP} ...) are what people use. A line
# that takes longer than MS milliseconds is given up (counted apart, not valid): the union
# $RE{URI} backtracks for seconds or more on some real URLs.
use strict;
use warnings;
use Regexp::Common qw/URI/;
use Time::HiRes qw/ualarm/;

my ($mode, $ms, $file) = @ARGV;
my @patterns = $mode eq 'any' ? ($RE{URI}) : (
    $RE{URI}{HTTP}{-scheme => 'https?'}, $RE{URI}{FTP}, $RE{URI}{file}, $RE{URI}{news},
    $RE{URI}{NNTP}, $RE{URI}{telnet}, $RE{URI}{gopher}, $RE{URI}{WAIS}, $RE{URI}{prospero},
    $RE{URI}{tel}, $RE{URI}{fax}, $RE{URI}{POP}, $RE{URI}{tv},
);
my @res = map { qr/\A$_\z/ } @patterns;
my ($n, $valid, $gave_up) = (0, 0, 0);
open my $in, '<:raw', $file or die "$file: $!";
while (my $line = <$in>) {
    $line =~ s/\r?\n\z//;
    $n++;
    my $ok = eval {
        local $SIG{ALRM} = sub { die "too slow\n" };
        ualarm($ms * 1000);
        my $m = 0;
        for my $re (@res) {
            if ($line =~ $re) { $m = 1; last }
        }
        ualarm(0);
        $m;
    };
    if (!defined $ok) { $gave_up++; next }
    $valid += $ok;
}
print "$valid $n $gave_up\n";
