package order

import (
	"time"

	"mallconsole/bff/internal/platform/cache"
)

// lists is what the order list remembers, kept apart per status filter: a list's total and where
// its pages begin. A status move (a shipment, a completion) changes the lists of the two
// statuses it moved between and no other: the list of every status keeps its total, and its
// pages keep their rows in the same order, as long as the move writes no column a list filters
// or sorts by.
type lists struct {
	by    map[string]statusLists // "" (every status) and each of Statuses
	other statusLists            // a status outside Statuses: forgotten with every write
}

type statusLists struct {
	totals *cache.Counts[int64]
	marks  *cache.Marks
}

func newLists(now func() time.Time) lists {
	make := func() statusLists {
		return statusLists{totals: cache.NewCounts[int64](CountTTL, 10_000, now), marks: cache.NewMarks(CountTTL, 1_000, now)}
	}
	l := lists{by: map[string]statusLists{"": make()}, other: make()}
	for _, s := range Statuses {
		l.by[s] = make()
	}
	return l
}

// of is the lists filtered by status ("" for none).
func (l lists) of(status string) statusLists {
	if sl, ok := l.by[status]; ok {
		return sl
	}
	return l.other
}

func (sl statusLists) forget() {
	sl.totals.Invalidate()
	sl.marks.Invalidate()
}

// forgetAll: a write changed rows in a way lists can see whatever their status filter.
func (l lists) forgetAll() {
	for _, sl := range l.by {
		sl.forget()
	}
	l.other.forget()
}

// listColumns are the columns the list filters or sorts by besides the status (Store.where,
// the sortable whitelist): a write of any of them can change every list.
var listColumns = []string{"order_no", "phone", "phone_tail", "agency_id", "create_time", "pay_time", "amount"}

// forgetMove drops what a move that wrote updates and went from → to can have made wrong.
func (l lists) forgetMove(updates map[string]any, from, to string) {
	for _, c := range listColumns {
		if _, ok := updates[c]; ok {
			l.forgetAll()
			return
		}
	}
	if from != to {
		l.of(from).forget()
		l.of(to).forget()
	}
	l.other.forget()
}
