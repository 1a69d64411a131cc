package cache

import (
	"testing"
	"time"
)

func TestMarksNearestPutAndForget(t *testing.T) {
	now := time.Unix(0, 0)
	c := NewMarks(time.Minute, 10, func() time.Time { return now })
	if _, ok := c.Nearest("k", 100); ok {
		t.Fatal("a mark before any was put")
	}
	c.Put("k", Mark{Offset: 40, Key: int64(4), ID: 40})
	c.Put("k", Mark{Offset: 20, Key: int64(2), ID: 20})
	c.Put("k", Mark{Offset: 60, Key: int64(6), ID: 60})
	c.Put("k", Mark{Offset: 40, Key: int64(5), ID: 41}) // the same page read again: replaced
	for offset, want := range map[int]int64{19: 0, 20: 20, 39: 20, 40: 41, 59: 41, 1000: 60} {
		m, ok := c.Nearest("k", offset)
		if want == 0 {
			if ok {
				t.Fatalf("offset %d: mark %+v, want none", offset, m)
			}
			continue
		}
		if !ok || m.ID != want || m.Offset > offset {
			t.Fatalf("offset %d: mark %+v (%v), want id %d", offset, m, ok, want)
		}
	}
	if _, ok := c.Nearest("other", 100); ok {
		t.Fatal("marks leaked between lists")
	}
	c.Invalidate()
	if _, ok := c.Nearest("k", 100); ok {
		t.Fatal("a write did not forget the marks")
	}
	c.Put("k", Mark{Offset: 20, ID: 1})
	now = now.Add(time.Minute)
	if _, ok := c.Nearest("k", 100); ok {
		t.Fatal("old marks outlived their ttl")
	}
}

func TestMarksOfOneListAreBounded(t *testing.T) {
	c := NewMarks(time.Minute, 10, time.Now)
	for i := 1; i <= maxMarks+5; i++ {
		c.Put("k", Mark{Offset: i * 20, ID: int64(i)})
	}
	if n := len(c.list("k").marks); n > maxMarks {
		t.Fatalf("%d marks kept, bound %d", n, maxMarks)
	}
	if m, ok := c.Nearest("k", (maxMarks+5)*20); !ok || m.ID != int64(maxMarks+5) {
		t.Fatalf("the newest mark was lost: %+v", m)
	}
}
