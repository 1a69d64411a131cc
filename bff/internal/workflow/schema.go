package workflow

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"unicode/utf8"
)

// Invalid is a bad input of the workflow API: Field is its path ("fields[3].key", "data.reason"
// is written "reason"), Message the Chinese reason. http.go answers it as 400.
type Invalid struct{ Field, Message string }

func (e *Invalid) Error() string { return "workflow: " + e.Field + ": " + e.Message }

func invalid(field, format string, args ...any) *Invalid {
	return &Invalid{Field: field, Message: fmt.Sprintf(format, args...)}
}

// Limits of a schema.
const (
	maxFields   = 50
	maxOptions  = 200
	maxContent  = 2000
	maxTextLen  = 200
	maxAreaLen  = 2000
	maxUploads  = 20
	maxUploadMB = 50
)

var keyPattern = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]{0,31}$`)

// valueTypes are the field types that carry a value (all but description).
var fieldTypes = map[string]bool{TText: true, TTextarea: true, TNumber: true, TAmount: true, TSelect: true,
	TDate: true, TDateRange: true, TLeaveRange: true, TDept: true, TUser: true, TUpload: true,
	TRichtext: true, TDesc: true}

// checkSchema validates a schema (known types, unique keys, bounds, dictionaries that exist)
// and returns it as it is to be stored: each default replaced by the value data of the field
// would be stored as (rich text sanitised), so that a default never reaches a page rawer than
// what an applicant could submit. Description and upload fields take no default: it is dropped.
func (s *Service) checkSchema(ctx context.Context, sc Schema) (Schema, error) {
	if len(sc.Fields) > maxFields {
		return sc, invalid("fields", "最多%d个字段", maxFields)
	}
	out := Schema{Fields: make([]Field, len(sc.Fields))}
	keys := map[string]bool{}
	for i, f := range sc.Fields {
		p := fmt.Sprintf("fields[%d].", i)
		if !keyPattern.MatchString(f.Key) {
			return sc, invalid(p+"key", "须以字母开头，由字母、数字、下划线组成，最长32个字符")
		}
		if keys[f.Key] {
			return sc, invalid(p+"key", "字段标识%s重复", f.Key)
		}
		keys[f.Key] = true
		if !fieldTypes[f.Type] {
			return sc, invalid(p+"type", "不支持的字段类型%s", f.Type)
		}
		if n := utf8.RuneCountInString(f.Label); n > 30 || (n == 0 && f.Type != TDesc) {
			return sc, invalid(p+"label", "须为1到30个字符")
		}
		if utf8.RuneCountInString(f.Placeholder) > 50 {
			return sc, invalid(p+"placeholder", "最多50个字符")
		}
		if err := s.checkFieldProps(ctx, p, f); err != nil {
			return sc, err
		}
		def, err := s.cleanDefault(ctx, f)
		var bad *Invalid
		if errors.As(err, &bad) {
			return sc, invalid(p+"default", "默认值无效：%s", bad.Message)
		} else if err != nil {
			return sc, err
		}
		f.Default = def
		out.Fields[i] = f
	}
	return out, nil
}

// cleanDefault is a field's default as it is stored: checked and cleaned like submitted data,
// nil when the type takes none or it is empty.
func (s *Service) cleanDefault(ctx context.Context, f Field) (any, error) {
	if f.Default == nil || f.Type == TDesc || f.Type == TUpload {
		return nil, nil
	}
	f.Required = false
	return s.fieldValue(ctx, dataCtx{}, f, f.Default)
}

// checkFieldProps checks the properties that depend on the type.
func (s *Service) checkFieldProps(ctx context.Context, p string, f Field) error {
	if f.Min != nil && f.Max != nil && *f.Min > *f.Max {
		return invalid(p+"min", "最小值不能大于最大值")
	}
	switch f.Type {
	case TSelect:
		if f.Dict == "" && len(f.Options) == 0 {
			return invalid(p+"dict", "请选择字典或填写选项")
		}
		if f.Dict != "" {
			ds, err := s.dicts.Details(ctx, f.Dict)
			if err != nil {
				return err
			}
			if len(ds) == 0 {
				return invalid(p+"dict", "字典%s不存在或没有条目", f.Dict)
			}
		}
		if len(f.Options) > maxOptions {
			return invalid(p+"options", "最多%d个选项", maxOptions)
		}
		seen := map[string]bool{}
		for j, o := range f.Options {
			if o.Value == "" || o.Label == "" || seen[o.Value] {
				return invalid(fmt.Sprintf("%soptions[%d].value", p, j), "选项的名称和值不能为空，值不能重复")
			}
			seen[o.Value] = true
		}
	case TNumber:
		if f.Precision != nil && (*f.Precision < 0 || *f.Precision > 4) {
			return invalid(p+"precision", "小数位须为0到4")
		}
	case TText, TTextarea:
		if (f.Min != nil && *f.Min < 0) || (f.Max != nil && *f.Max > maxAreaLen) {
			return invalid(p+"max", "长度须在0到%d之间", maxAreaLen)
		}
	case TUpload:
		if f.MaxCount != nil && (*f.MaxCount < 1 || *f.MaxCount > maxUploads) {
			return invalid(p+"maxCount", "文件数须为1到%d", maxUploads)
		}
		if f.MaxSizeMB != nil && (*f.MaxSizeMB < 1 || *f.MaxSizeMB > maxUploadMB) {
			return invalid(p+"maxSizeMB", "文件大小须为1到%dMB", maxUploadMB)
		}
		if len(f.Accept) > 200 {
			return invalid(p+"accept", "最多200个字符")
		}
	case TDesc:
		if utf8.RuneCountInString(f.Content) > maxContent {
			return invalid(p+"content", "最多%d个字符", maxContent)
		}
	}
	return nil
}

// fieldOf finds a field by key.
func fieldOf(sc Schema, key string) (Field, bool) {
	for _, f := range sc.Fields {
		if f.Key == key {
			return f, true
		}
	}
	return Field{}, false
}
