//go:build unix

package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/suite"
)

// TestImageWarmCacheMatchesBuilder holds the Action's release image's warm
// build cache (the Dockerfile's warm stage) to what the builder does on a run:
// the cache is where setupBuilder looks with no cache-dir, owned by
// builderID, and filled by go test -c of suite.DefaultPackages with the
// -trimpath that build gives the suite. A mismatch would not fail a run;
// it would leave every first run compiling from nothing, which only
// container-e2e's warm checks would show.
func TestImageWarmCacheMatchesBuilder(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	df := string(data)
	cache := filepath.Join(stateDir, "go-build")
	for _, want := range []string{
		"GOCACHE=" + cache,
		fmt.Sprintf("COPY --from=warm --chown=%d:%d %s %s", builderID, builderID, cache, cache),
		"go test -c -trimpath -o /tmp/warm/bin/ " + strings.Join(suite.DefaultPackages, " ") + " &&",
		"RUN mkdir -m 755 -p " + stateDir + "\n",
	} {
		if !strings.Contains(df, want) {
			t.Errorf("the Dockerfile lacks %q", want)
		}
	}
	// The warm stage and the image must start from the same Go: every
	// stage is that image or a stage of this file.
	froms := regexp.MustCompile(`(?m)^FROM (\S+)(?: AS (\S+))?$`).FindAllStringSubmatch(df, -1)
	if len(froms) < 2 {
		t.Fatalf("the Dockerfile has %d FROM lines", len(froms))
	}
	stages := map[string]string{}
	for _, f := range froms {
		from := f[1]
		if base, ok := stages[from]; ok {
			from = base
		}
		if from != froms[0][1] {
			t.Errorf("FROM %s differs from the build stage's %s: the warm cache would be another Go's", f[1], froms[0][1])
		}
		stages[f[2]] = from
	}
	// The cache goes into the release image, which the release workflow
	// builds; the last stage (the development image) leaves it out.
	release := df[strings.Index(df, "\nFROM runtime AS release\n")+1:]
	last := df[strings.LastIndex(df, "\nFROM ")+1:]
	switch {
	case !strings.HasPrefix(release, "FROM runtime AS release\n"):
		t.Error("the Dockerfile has no release stage (FROM runtime AS release)")
	case !strings.Contains(release[:strings.Index(release[1:], "\nFROM ")+1], "COPY --from=warm "):
		t.Error("the release stage does not copy the warm cache")
	case strings.Contains(last, "--from=warm"):
		t.Error("the last stage (the development image, which every job on main builds) copies the warm cache")
	}
	wf, err := os.ReadFile(filepath.Join("..", "..", ".github", "workflows", "release.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\s+target: release\b`).Match(wf) {
		t.Error("the release workflow does not build the Dockerfile's release target: the published image would lack the warm cache")
	}
	// The warm stage's environment is the image's, as far as the go
	// command's cache keys go.
	envs := regexp.MustCompile(`(?m)^ENV (.*)$`).FindAllStringSubmatch(df, -1)
	var warmEnv, imageEnv string
	for _, e := range envs {
		switch {
		case strings.Contains(e[1], "GOCACHE="):
			warmEnv = strings.TrimSpace(strings.Replace(e[1], "GOCACHE="+cache, "", 1))
		case strings.Contains(e[1], "GOTOOLCHAIN=auto"):
			imageEnv = e[1]
		}
	}
	if warmEnv == "" || warmEnv != imageEnv {
		t.Errorf("the warm stage's ENV (less GOCACHE) is %q, the image's %q: they must match", warmEnv, imageEnv)
	}
}
