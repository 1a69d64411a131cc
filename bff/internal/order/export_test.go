package order

import "mallconsole/bff/internal/platform/db"

// PageIndexes and PageIndex let tests check the indexes list pages are read from.
var PageIndexes = pageIndexes

func PageIndex(q Query) string { return db.IndexFor(pageIndexes, pageShape(q)) }
