package dashboard_test

import "mallconsole/bff/internal/platform/money"

func moneyOf(fen int64) money.Fen { return money.Fen(fen) }
