package iplist

import "testing"

// Who may sign in, by the account's list and the client's address.
func TestAllows(t *testing.T) {
	for _, c := range []struct {
		list, ip string
		want     bool
	}{
		{"", "203.0.113.9", true},              // empty: anyone
		{"  ", "2001:db8::1", true},            // blank is empty
		{"203.0.113.9", "203.0.113.9", true},   // IPv4, exact
		{"203.0.113.9", "203.0.113.10", false}, // IPv4, another
		{"10.0.0.0/8", "10.200.3.4", true},     // IPv4 CIDR, inside
		{"10.0.0.0/8", "11.0.0.1", false},      // IPv4 CIDR, outside
		{"192.168.1.0/24,203.0.113.9", "203.0.113.9", true},
		{"2001:db8::1", "2001:db8::1", true},        // IPv6, exact
		{"2001:db8::1", "2001:db8::2", false},       // IPv6, another
		{"2001:db8::/32", "2001:db8:ffff::7", true}, // IPv6 CIDR, inside
		{"2001:db8::/32", "2001:db9::1", false},     // IPv6 CIDR, outside
		{"203.0.113.9", "::ffff:203.0.113.9", true}, // mapped IPv4 is the IPv4 address
		{"::1", "127.0.0.1", false},                 // loopbacks of the two families differ
		{"10.0.0.0/8", "unknown", false},            // an unreadable client matches nothing
		{"10.0.0.0/8", "", false},
	} {
		if got := Allows(c.list, c.ip); got != c.want {
			t.Errorf("Allows(%q, %q) = %v, want %v", c.list, c.ip, got, c.want)
		}
	}
}

// What a person types becomes a canonical list, or a reason naming the bad entry.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		text, list, reason string
	}{
		{"", "", ""},
		{" \n ", "", ""},
		{"203.0.113.9", "203.0.113.9", ""},
		{"203.0.113.9, 10.0.0.0/8\n2001:DB8::1；192.168.0.0/16", "203.0.113.9,10.0.0.0/8,2001:db8::1,192.168.0.0/16", ""},
		{"1.2.3.4,1.2.3.4", "1.2.3.4", ""}, // duplicates once
		{"2001:db8::/32", "2001:db8::/32", ""},
		{"1.2.3.256", "", "请输入正确的IP地址或网段：1.2.3.256"},
		{"1.2.3.4,abc", "", "请输入正确的IP地址或网段：abc"},
		{"10.0.0.1/8", "", "请输入正确的IP地址或网段：10.0.0.1/8"}, // host bits set
		{"10.0.0.0/33", "", "请输入正确的IP地址或网段：10.0.0.0/33"},
		{"01.2.3.4", "", "请输入正确的IP地址或网段：01.2.3.4"}, // leading zero
		{"fe80::1%eth0", "", "请输入正确的IP地址或网段：fe80::1%eth0"},
	} {
		list, reason := Parse(c.text)
		if list != c.list || reason != c.reason {
			t.Errorf("Parse(%q) = %q, %q; want %q, %q", c.text, list, reason, c.list, c.reason)
		}
	}
	many := ""
	for i := 0; i <= MaxEntries; i++ {
		many += "10.0.0.1,"
	}
	if _, reason := Parse(many); reason != "最多50项" {
		t.Errorf("%d entries: reason %q", MaxEntries+1, reason)
	}
}
