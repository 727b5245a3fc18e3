package sim
import ("testing";"github.com/smashup/smashup/internal/engine";"sort")
func TestTry(t *testing.T){
	cnt:=map[string]int{}
	r:=NewRandom(3)
	g,_:=engine.New(RandomSetup(3,2))
	for !g.Over { d,_:=g.Decision(); cnt[d.Prompt]++; g.Apply(r.Choose(g)) }
	var ks []string; for k:=range cnt {ks=append(ks,k)}; sort.Strings(ks)
	for _,k:=range ks { t.Log(cnt[k],k) }
	t.Log(g.Turn, g.Players[0].VP, g.Players[1].VP)
}
