package cards

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestStepsAndSlotsAreNamed reads the cards' source: an ability's steps and
// the values it remembers are named (engine.Step constants, and slot constants
// of the types engine.CardSlot, engine.NumSlot ...), never bare numbers: no
// f.V[...] (use f.CardIn, f.Get ... with a named slot), no
// step number in a `case`, a comparison or a Goto.
func TestStepsAndSlotsAreNamed(t *testing.T) { checkStepsAndSlotsNamed(t, ".") }

// TestEngineStepsAndSlotsAreNamed holds the engine's own procedures (playing
// a card, Me First windows, scoring ...) to the same rule. Only the Frame
// accessors themselves (Frame.Get, Frame.Set ...) index f.V.
func TestEngineStepsAndSlotsAreNamed(t *testing.T) {
	checkStepsAndSlotsNamed(t, filepath.Join("..", "engine"))
}

// checkStepsAndSlotsNamed reports the places of the Go source in dir (tests
// aside) that use a step or a slot by number.
func checkStepsAndSlotsNamed(t *testing.T, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no Go files in %s", dir)
	}
	fset := token.NewFileSet()
	var problems []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		problems = append(problems, numberedStepsAndSlots(fset, file)...)
	}
	slices.Sort(problems)
	for _, p := range problems {
		t.Error(p)
	}
}

// numberedStepsAndSlots lists the places of file that use a step or a slot
// by number.
func numberedStepsAndSlots(fset *token.FileSet, file *ast.File) []string {
	var out []string
	report := func(n ast.Node, what string) {
		out = append(out, fmt.Sprintf("%s: %s", fset.Position(n.Pos()), what))
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if file.Name.Name == "engine" && isFrameAccessor(n) {
				return false // the one place that reads and writes f.V
			}
		case *ast.IndexExpr:
			if sel, ok := n.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "V" {
				report(n, "a remembered value by number (f.V[...]): name it with a slot constant (engine.CardSlot, engine.NumSlot ...)")
			}
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok || len(n.Args) == 0 {
				break
			}
			if sel.Sel.Name == "Goto" || slices.Contains(frameAccessors, sel.Sel.Name) {
				if isNumber(n.Args[0]) {
					report(n, sel.Sel.Name+" with a number: use a named slot (engine.CardSlot, engine.NumSlot ...) or engine.Step")
				}
			}
		case *ast.SwitchStmt:
			if n.Tag == nil || !mentionsStep(n.Tag) {
				break
			}
			for _, st := range n.Body.List {
				for _, e := range st.(*ast.CaseClause).List {
					if isNumber(e) {
						report(e, "a step by number in a case: name it with an engine.Step")
					}
				}
			}
		case *ast.BinaryExpr:
			if (mentionsStep(n.X) && isNumber(n.Y)) || (mentionsStep(n.Y) && isNumber(n.X)) {
				report(n, "a step compared with a number: name it with an engine.Step")
			}
		}
		return true
	})
	return out
}

// frameAccessors are the methods of engine.Frame that read and write its
// values by slot (slots.go).
var frameAccessors = []string{"Get", "Set", "Add", "BaseIn", "SetBase", "CardIn", "SetCard", "SeatIn", "SetSeat", "TextIn", "SetText"}

// isFrameAccessor reports whether fn is one of the frameAccessors.
func isFrameAccessor(fn *ast.FuncDecl) bool {
	if fn.Recv == nil || len(fn.Recv.List) != 1 || !slices.Contains(frameAccessors, fn.Name.Name) {
		return false
	}
	star, ok := fn.Recv.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	id, ok := star.X.(*ast.Ident)
	return ok && id.Name == "Frame"
}

// mentionsStep reports whether e reads a frame's step (x.Step, possibly
// converted or in arithmetic).
func mentionsStep(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Step" {
			found = true
		}
		return !found
	})
	return found
}

// isNumber reports whether e is an integer literal (possibly signed).
func isNumber(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Kind == token.INT
	case *ast.UnaryExpr:
		return isNumber(e.X)
	case *ast.ParenExpr:
		return isNumber(e.X)
	}
	return false
}
