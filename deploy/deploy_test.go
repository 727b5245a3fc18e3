// Package deploy holds no code: its test checks the files under deploy/
// offline. Every Kubernetes manifest decodes strictly into the API's own
// types (an unknown or misspelt field, a duplicate key or a wrong type
// fails); the Deployment's probes and ports are those of the server the
// image runs, tried against the real binary started with the manifest's own
// arguments; and the simulator's Indexed Job and Slurm array, played with
// the variables each batch system sets and then merged, give the report of
// one single run.
package deploy

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/smashup/smashup/internal/store/pgtest"
)

// binary is the smashup binary the test builds once (as the image does).
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "smashup-deploy")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "smashup")
	build := exec.Command("go", "build", "-trimpath", "-o", binary, "../cmd/smashup")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building smashup: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// objects are the manifests' objects by kind and name.
type objects struct {
	deployments map[string]*appsv1.Deployment
	services    map[string]*corev1.Service
	jobs        map[string]*batchv1.Job
	claims      map[string]*corev1.PersistentVolumeClaim
	secrets     map[string]*corev1.Secret
}

var (
	docSep  = regexp.MustCompile(`(?m)^---[ \t]*$`)
	comment = regexp.MustCompile(`(?m)^\s*#.*$`)
)

// load decodes every document of every kubernetes/*.yaml strictly.
func load(t *testing.T) objects {
	t.Helper()
	o := objects{map[string]*appsv1.Deployment{}, map[string]*corev1.Service{}, map[string]*batchv1.Job{},
		map[string]*corev1.PersistentVolumeClaim{}, map[string]*corev1.Secret{}}
	files, err := filepath.Glob("kubernetes/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no manifests: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for k, doc := range docSep.Split(string(b), -1) {
			if strings.TrimSpace(comment.ReplaceAllString(doc, "")) == "" {
				continue
			}
			where := fmt.Sprintf("%s, document %d", f, k+1)
			var tm metav1.TypeMeta
			if err := yaml.Unmarshal([]byte(doc), &tm); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			var obj interface{ GetName() string }
			want := map[string]string{"Deployment": "apps/v1", "Job": "batch/v1", "Service": "v1", "PersistentVolumeClaim": "v1", "Secret": "v1"}[tm.Kind]
			switch tm.Kind {
			case "Deployment":
				obj = &appsv1.Deployment{}
			case "Service":
				obj = &corev1.Service{}
			case "Job":
				obj = &batchv1.Job{}
			case "PersistentVolumeClaim":
				obj = &corev1.PersistentVolumeClaim{}
			case "Secret":
				obj = &corev1.Secret{}
			default:
				t.Fatalf("%s: kind %q: the test knows no such kind; teach it", where, tm.Kind)
			}
			if tm.APIVersion != want {
				t.Errorf("%s: %s of apiVersion %q, want %q", where, tm.Kind, tm.APIVersion, want)
			}
			if err := yaml.UnmarshalStrict([]byte(doc), obj); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if obj.GetName() == "" {
				t.Errorf("%s: a %s with no name", where, tm.Kind)
			}
			switch v := obj.(type) {
			case *appsv1.Deployment:
				o.deployments[v.Name] = v
			case *corev1.Service:
				o.services[v.Name] = v
			case *batchv1.Job:
				o.jobs[v.Name] = v
			case *corev1.PersistentVolumeClaim:
				o.claims[v.Name] = v
			case *corev1.Secret:
				o.secrets[v.Name] = v
			}
		}
	}
	return o
}

// flagValue is the value of --name in args ("" if absent).
func flagValue(args []string, name string) string {
	for i, a := range args {
		if a == "--"+name && i+1 < len(args) {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v
		}
	}
	return ""
}

// withFlag is args with the value of --name replaced.
func withFlag(args []string, name, value string) []string {
	out := slices.Clone(args)
	for i, a := range out {
		if a == "--"+name && i+1 < len(out) {
			out[i+1] = value
		}
	}
	return out
}

// secure fails unless a pod runs as a non-root user with nothing to gain.
func secure(t *testing.T, what string, p corev1.PodSpec) {
	t.Helper()
	sc := p.SecurityContext
	if sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot || sc.RunAsUser == nil || *sc.RunAsUser == 0 {
		t.Errorf("%s: the pod must run as a non-root user (runAsNonRoot, runAsUser)", what)
	}
	for _, c := range p.Containers {
		cs := c.SecurityContext
		if cs == nil || cs.AllowPrivilegeEscalation == nil || *cs.AllowPrivilegeEscalation || cs.Capabilities == nil || !slices.Contains(cs.Capabilities.Drop, "ALL") {
			t.Errorf("%s, container %s: no privilege escalation, every capability dropped", what, c.Name)
		}
		if c.Resources.Limits.Cpu().IsZero() || c.Resources.Limits.Memory().IsZero() || c.Resources.Requests.Cpu().IsZero() {
			t.Errorf("%s, container %s: CPU and memory limits and a CPU request", what, c.Name)
		}
		if c.Command != nil {
			t.Errorf("%s, container %s: the image's entrypoint is the binary; give args, not a command (there is no shell)", what, c.Name)
		}
	}
}

// The Deployment and Service of serve: their probes name the server's own
// routes on the port the server listens on, which the Service targets; the
// store's URL comes from the Secret; and the binary, started with the
// manifest's arguments, answers both probes.
func TestServeManifest(t *testing.T) {
	o := load(t)
	d, s := o.deployments["smashup"], o.services["smashup"]
	if d == nil || s == nil {
		t.Fatal("serve.yaml: want the Deployment and the Service named smashup")
	}
	p := d.Spec.Template.Spec
	secure(t, "Deployment smashup", p)
	if len(p.Containers) != 1 {
		t.Fatalf("one container, not %d", len(p.Containers))
	}
	c := p.Containers[0]
	if len(c.Args) == 0 || c.Args[0] != "serve" {
		t.Fatalf("args %q: want smashup serve", c.Args)
	}
	addr := flagValue(c.Args, "addr")
	host, port, ok := strings.Cut(addr, ":")
	if !ok || (host != "0.0.0.0" && host != "") {
		t.Fatalf("--addr %q: listen on every address of the pod, e.g. 0.0.0.0:8080", addr)
	}
	portNum, _ := strconv.Atoi(port)
	var named *corev1.ContainerPort
	for i := range c.Ports {
		if c.Ports[i].ContainerPort == int32(portNum) {
			named = &c.Ports[i]
		}
	}
	if named == nil {
		t.Fatalf("no containerPort %d, the port of --addr %s", portNum, addr)
	}
	// a probe's or the Service's port: the number, or the name of that port
	samePort := func(what string, v interface {
		String() string
	}, num int32, str string) {
		if num != int32(portNum) && (str == "" || str != named.Name) {
			t.Errorf("%s: port %s, but the server listens on %d (%q)", what, v.String(), portNum, named.Name)
		}
	}
	probes := map[string]*corev1.Probe{"/healthz": c.LivenessProbe, "/readyz": c.ReadinessProbe}
	for path, pr := range probes {
		if pr == nil || pr.HTTPGet == nil {
			t.Fatalf("want an HTTP probe of %s", path)
		}
		if pr.HTTPGet.Path != path {
			t.Errorf("probe of %s names %s", path, pr.HTTPGet.Path)
		}
		samePort("probe "+path, &pr.HTTPGet.Port, pr.HTTPGet.Port.IntVal, pr.HTTPGet.Port.StrVal)
	}
	for k, v := range s.Spec.Selector {
		if d.Spec.Template.Labels[k] != v || d.Spec.Selector.MatchLabels[k] != v {
			t.Errorf("the Service selects %s=%s, which the Deployment's pods do not carry", k, v)
		}
	}
	if len(s.Spec.Ports) == 0 {
		t.Fatal("the Service has no port")
	}
	for _, sp := range s.Spec.Ports {
		samePort("Service port "+sp.Name, &sp.TargetPort, sp.TargetPort.IntVal, sp.TargetPort.StrVal)
	}
	var pg *corev1.EnvVar
	for i := range c.Env {
		if c.Env[i].Name == "SMASHUP_PG" {
			pg = &c.Env[i]
		}
	}
	if pg == nil || pg.ValueFrom == nil || pg.ValueFrom.SecretKeyRef == nil {
		t.Fatal("SMASHUP_PG must come from a Secret")
	}
	if sec := o.secrets[pg.ValueFrom.SecretKeyRef.Name]; sec == nil || sec.StringData[pg.ValueFrom.SecretKeyRef.Key] == "" {
		t.Errorf("SMASHUP_PG names Secret %s, key %s, which pg-secret.example.yaml does not show", pg.ValueFrom.SecretKeyRef.Name, pg.ValueFrom.SecretKeyRef.Key)
	}

	// the binary with the manifest's arguments (but on a free loopback port)
	// answers both probes: on a fresh database of CI's throwaway PostgreSQL
	// ($SMASHUP_TEST_PG; not its own database, where other packages' tests
	// keep games this server would resume) given as the Secret gives it, else
	// on a SQLite file
	args := withFlag(c.Args, "addr", "127.0.0.1:0")
	cmd := exec.Command(binary, args...)
	cmd.Dir = t.TempDir()
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "SMASHUP_PG=") {
			cmd.Env = append(cmd.Env, e)
		}
	}
	if os.Getenv("SMASHUP_TEST_PG") != "" {
		cmd.Env = append(cmd.Env, "SMASHUP_PG="+pgtest.Fresh(t))
	} else {
		t.Log("no $SMASHUP_TEST_PG: the server runs on SQLite")
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	cmd.Stderr = &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		if t.Failed() {
			t.Logf("the server's log:\n%s", logs.String())
		}
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	m := regexp.MustCompile(`serving on (http://\S+)`).FindStringSubmatch(line)
	if err != nil || m == nil {
		t.Fatalf("smashup %s said %q (%v)", strings.Join(args, " "), line, err)
	}
	base := strings.TrimSuffix(m[1], ".")
	for path := range probes {
		deadline := time.Now().Add(20 * time.Second)
		for {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			req, _ := http.NewRequestWithContext(ctx, "GET", base+path, nil)
			resp, err := http.DefaultClient.Do(req)
			code := 0
			if err == nil {
				code = resp.StatusCode
				resp.Body.Close()
			}
			cancel()
			if code == http.StatusOK {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("GET %s: %d, %v", path, code, err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// run runs the binary and fails the test on a nonzero exit.
func run(t *testing.T, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s (%s): %v\n%s", name, strings.Join(args, " "), strings.Join(env, " "), err, errOut.String())
	}
	return out.String()
}

// report is the report of a result file, as `smashup sim merge --json`
// prints it, with the time left out (the one figure that differs between two
// runs of the same games).
func report(t *testing.T, file string) string {
	t.Helper()
	var r map[string]any
	js := run(t, nil, binary, "sim", "merge", "--json", file)
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	delete(r, "seconds")
	b, _ := json.Marshal(r)
	return string(b)
}

// single plays the run of the shards' arguments in one piece, the way the
// result is meant to be read, and returns its report.
func single(t *testing.T, shardArgs []string, dir string) string {
	t.Helper()
	var args []string
	for i := 0; i < len(shardArgs); i++ {
		if shardArgs[i] == "--shards" || shardArgs[i] == "--out" {
			i++
			continue
		}
		args = append(args, shardArgs[i])
	}
	f := filepath.Join(dir, "single.json")
	run(t, nil, binary, append(args, "--out", f)...)
	return report(t, f)
}

const games = "30" // a few games for each way of playing the run

// The Indexed Job's pods (JOB_COMPLETION_INDEX 0 to completions-1, as the
// Job controller sets it), each with the manifest's own arguments on a few
// games, and then the merge Job's, give the report of one single run.
func TestSimIndexedJobMergesToOneRun(t *testing.T) {
	o := load(t)
	j, mj := o.jobs["smashup-sim"], o.jobs["smashup-sim-merge"]
	if j == nil || mj == nil {
		t.Fatal("want the Jobs smashup-sim and smashup-sim-merge")
	}
	secure(t, "Job smashup-sim", j.Spec.Template.Spec)
	secure(t, "Job smashup-sim-merge", mj.Spec.Template.Spec)
	if j.Spec.CompletionMode == nil || *j.Spec.CompletionMode != batchv1.IndexedCompletion || j.Spec.Completions == nil {
		t.Fatal("smashup-sim must be an Indexed Job with completions")
	}
	n := int(*j.Spec.Completions)
	args := j.Spec.Template.Spec.Containers[0].Args
	if got := flagValue(args, "shards"); got != strconv.Itoa(n) {
		t.Fatalf("--shards %q, but the Job has %d completions: shards would be lost or played twice", got, n)
	}
	claim := func(job *batchv1.Job) string {
		for _, v := range job.Spec.Template.Spec.Volumes {
			if v.PersistentVolumeClaim != nil {
				if o.claims[v.PersistentVolumeClaim.ClaimName] == nil {
					t.Errorf("%s mounts claim %s, which no manifest makes", job.Name, v.PersistentVolumeClaim.ClaimName)
				}
				return v.PersistentVolumeClaim.ClaimName
			}
		}
		return ""
	}
	if a, b := claim(j), claim(mj); a == "" || a != b {
		t.Fatalf("the shards write to claim %q and the merge reads claim %q", a, b)
	}
	dir := t.TempDir()
	local := func(args []string) []string { // /results, the volume, is dir here
		out := make([]string, len(args))
		for i, a := range args {
			out[i] = strings.ReplaceAll(a, "/results", filepath.Join(dir, "results"))
		}
		return out
	}
	args = withFlag(local(args), "games", games)
	for i := 0; i < n; i++ {
		run(t, []string{"JOB_COMPLETION_INDEX=" + strconv.Itoa(i)}, binary, args...)
	}
	margs := local(mj.Spec.Template.Spec.Containers[0].Args)
	run(t, nil, binary, margs...)
	merged := flagValue(margs, "out")
	if a, b := single(t, args, dir), report(t, merged); a != b {
		t.Fatalf("the merged report differs from the single run's:\nsingle %s\nmerged %s", a, b)
	}
}

// The Slurm array script, run as each task of its --array would be (with
// the variables Slurm sets), and then the merge script, give the report of
// one single run.
func TestSlurmArrayMergesToOneRun(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	b, err := os.ReadFile("slurm/sim-array.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^#SBATCH --array=(\d+)-(\d+)$`).FindStringSubmatch(string(b))
	if m == nil {
		t.Fatal("sim-array.sbatch: no #SBATCH --array=FIRST-LAST line")
	}
	lo, _ := strconv.Atoi(m[1])
	hi, _ := strconv.Atoi(m[2])
	dir := t.TempDir()
	results := filepath.Join(dir, "results")
	common := []string{"SMASHUP=" + binary, "GAMES=" + games, "RESULTS=" + results}
	for id := lo; id <= hi; id++ {
		env := append(slices.Clone(common), "SLURM_ARRAY_JOB_ID=77", "SLURM_JOB_ID="+strconv.Itoa(78+id),
			"SLURM_ARRAY_TASK_ID="+strconv.Itoa(id), "SLURM_ARRAY_TASK_MIN="+m[1], "SLURM_ARRAY_TASK_MAX="+m[2],
			"SLURM_ARRAY_TASK_STEP=1", "SLURM_ARRAY_TASK_COUNT="+strconv.Itoa(hi-lo+1))
		run(t, env, "bash", "slurm/sim-array.sbatch")
	}
	run(t, append(slices.Clone(common), "SLURM_JOB_ID=99"), "bash", "slurm/merge.sbatch")
	// the run the script describes, in one piece
	args := regexp.MustCompile(`(?s)exec "\$SMASHUP" (sim .*?--seed \S+)`).FindStringSubmatch(string(b))
	if args == nil {
		t.Fatal("sim-array.sbatch: no exec \"$SMASHUP\" sim ... line")
	}
	one := strings.Fields(strings.ReplaceAll(strings.ReplaceAll(args[1], "\\\n", " "), `"$GAMES"`, games))
	if a, b := single(t, one, dir), report(t, filepath.Join(results, "report", "counts.json")); a != b {
		t.Fatalf("the merged report differs from the single run's:\nsingle %s\nmerged %s", a, b)
	}
}
