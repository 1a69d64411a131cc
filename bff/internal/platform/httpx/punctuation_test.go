package httpx

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	englishWords = regexp.MustCompile(`[A-Za-z]+ [A-Za-z]+`)
	// ASCII sentence punctuation touching a Chinese character: Chinese text uses the full-width
	// forms (，：；！？（）), as the front end's message tables do (shared/lib/punctuation.test.ts).
	asciiByHan = regexp.MustCompile(`\p{Han}[(),:;!?]|[(),:;!?]\p{Han}`)
)

// TestChineseMessagesUseFullWidthPunctuation walks every string the BFF's code holds (not tests,
// not struct tags or regular expressions) and fails on a Chinese one — a message the user reads — with ASCII punctuation
// beside a Chinese character. English text with a Chinese gloss (API summaries) is left alone.
func TestChineseMessagesUseFullWidthPunctuation(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		skip := map[ast.Expr]bool{} // struct tags and regular expressions are not messages
		ast.Inspect(f, func(n ast.Node) bool {
			if field, ok := n.(*ast.Field); ok && field.Tag != nil {
				skip[field.Tag] = true
			}
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "regexp" {
						for _, a := range call.Args {
							skip[a] = true
						}
					}
				}
			}
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || skip[lit] {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || englishWords.MatchString(s) {
				return true
			}
			if m := asciiByHan.FindString(s); m != "" {
				t.Errorf("%s: %q has ASCII punctuation in Chinese text (%q)", fset.Position(lit.Pos()), s, m)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
