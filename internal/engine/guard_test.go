package engine

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// The state the engine keeps: code outside this package reads it but never
// writes it; it changes it through the engine's operations (move, destroy,
// attach, place counters, add an effect, ...), which keep its invariants.
var stateTypes = map[string]bool{"Game": true, "Card": true, "Player": true, "BaseSlot": true, "Effect": true, "Pending": true, "Trig": true}

// TestOnlyTheEngineWritesState type-checks every other package of the
// module from source (what they import from the compiler's export data:
// exportImporter) and fails on any assignment (or ++, --) to a field of
// the engine's state: a card, a player, a base slot, an effect, the game.
func TestOnlyTheEngineWritesState(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the whole module from source")
	}
	root := filepath.Join("..", "..")
	var dirs []string
	for _, top := range []string{"internal", "cmd"} {
		filepath.WalkDir(filepath.Join(root, top), func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || d.Name() == "web") {
				return filepath.SkipDir
			}
			if d.IsDir() && p != filepath.Join(root, "internal", "engine") {
				dirs = append(dirs, p)
			}
			return nil
		})
	}
	fset := token.NewFileSet()
	imp := exportImporter(t, fset, root)
	var where []string
	for _, dir := range dirs {
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
		if len(files) == 0 {
			continue
		}
		info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check(dir, fset, files, info); err != nil {
			t.Fatalf("type-checking %s: %v", dir, err)
		}
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				var lhs []ast.Expr
				switch n := n.(type) {
				case *ast.AssignStmt:
					if n.Tok != token.DEFINE {
						lhs = n.Lhs
					}
				case *ast.IncDecStmt:
					lhs = []ast.Expr{n.X}
				}
				for _, e := range lhs {
					for _, w := range stateWrites(info, e) {
						pos := fset.Position(e.Pos())
						rel, _ := filepath.Rel(root, pos.Filename)
						rel = filepath.ToSlash(rel)
						where = append(where, fmt.Sprintf("%s:%d writes %s", rel, pos.Line, w))
					}
				}
				return true
			})
		}
	}
	for _, w := range where {
		t.Errorf("%s: change the engine's state through its operations", w)
	}
}

// stateWrites names the field of the engine's state that writing to e
// writes (the field nearest to e in what it selects from or indexes into),
// or nothing.
func stateWrites(info *types.Info, e ast.Expr) []string {
	for e != nil {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				recv := types.Unalias(sel.Recv())
				if p, ok := recv.(*types.Pointer); ok {
					recv = types.Unalias(p.Elem())
				}
				if nt, ok := recv.(*types.Named); ok && nt.Obj().Pkg() != nil && nt.Obj().Pkg().Path() == "github.com/smashup/smashup/internal/engine" && stateTypes[nt.Obj().Name()] {
					return []string{nt.Obj().Name() + "." + x.Sel.Name}
				}
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			e = nil
		}
	}
	return nil
}

// exportImporter imports packages from the export data the go command
// compiles for them (`go list -export`, from the build cache the test run
// has just filled), rather than type-checking every dependency, the
// standard library and the database drivers included, from source: the
// same types, in seconds rather than minutes.
func exportImporter(t *testing.T, fset *token.FileSet, root string) types.Importer {
	args := []string{"list", "-export", "-deps", "-f", "{{if .Export}}{{.ImportPath}}={{.Export}}{{end}}"}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "-race" && s.Value == "true" {
				args = append(args, "-race") // the export data this test binary's build made
			}
		}
	}
	cmd := exec.Command("go", append(args, "./...")...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v\n%s", err, stderr.String())
	}
	exports := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), "="); ok {
			exports[path] = file
		}
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
}
