//go:build !unix

package runner

import "errors"

// Privilege separation is Linux only (isolation.go): no builder here.
type builderDirs struct {
	gocache, gomodcache, goenv string
	notes                      []string
	giveBack                   []func()
}

func setupBuilder([]string, Identity, string, string) (*builderDirs, error) {
	return nil, errors.New("no privilege separation on this system")
}
