package engine

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// rawFields are the fields whose meaning depends on a kind (an event's,
// an option's, an effect's) and the engine's trigger queue: card code reads
// them through the accessors named for each meaning (fields.go) and asks
// the queue through Game.AlreadyWaiting.
var rawFields = map[string]bool{"Event.Num": true, "Event.Other": true, "Option.Num": true, "Effect.Amount": true, "Game.Trigs": true, "Game.NTrig": true}

// TestCardsReadNoRawFields type-checks the cards package and fails where it
// reads a field of rawFields, or writes a frame's player (Frame.HandTo and
// Frame.DoneBy say who an ability acts for).
func TestCardsReadNoRawFields(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the cards package from source")
	}
	root := filepath.Join("..", "..")
	dir := filepath.Join(root, "internal", "cards")
	fset := token.NewFileSet()
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: exportImporter(t, fset, root)}
	if _, err := conf.Check(dir, fset, files, info); err != nil {
		t.Fatalf("type-checking %s: %v", dir, err)
	}
	var where []string
	at := func(n ast.Node, what string) {
		pos := fset.Position(n.Pos())
		where = append(where, fmt.Sprintf("%s:%d %s", filepath.Base(pos.Filename), pos.Line, what))
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if name := engineField(info, n); rawFields[name] {
					at(n, "reads "+name)
				}
			case *ast.AssignStmt:
				for _, e := range n.Lhs {
					if sel, ok := e.(*ast.SelectorExpr); ok && engineField(info, sel) == "Frame.Player" {
						at(n, "writes Frame.Player")
					}
				}
			}
			return true
		})
	}
	for _, w := range where {
		t.Errorf("%s: use what the engine offers for it", w)
	}
}

// engineField names the engine struct field x selects ("Event.Num"), going
// through embedded fields to the struct that declares it, or "".
func engineField(info *types.Info, x *ast.SelectorExpr) string {
	sel := info.Selections[x]
	if sel == nil || sel.Kind() != types.FieldVal {
		return ""
	}
	t := sel.Recv()
	idx := sel.Index()
	for k, i := range idx {
		t = types.Unalias(t)
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return ""
		}
		if k == len(idx)-1 {
			nt, ok := t.(*types.Named)
			if !ok || nt.Obj().Pkg() == nil || nt.Obj().Pkg().Path() != "github.com/smashup/smashup/internal/engine" {
				return ""
			}
			return nt.Obj().Name() + "." + st.Field(i).Name()
		}
		t = st.Field(i).Type()
	}
	return ""
}
