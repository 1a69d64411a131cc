package workflow_test

import (
	"errors"
	"strconv"

	"mallconsole/bff/internal/workflow"
)

func asInvalid(err error, target **workflow.Invalid) bool { return errors.As(err, target) }

func errorsIs(err, target error) bool { return errors.Is(err, target) }

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
