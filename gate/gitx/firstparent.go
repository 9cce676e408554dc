package gitx

import (
	"context"
	"fmt"
	"strings"
)

// Commit is a commit with its subject line.
type Commit struct {
	SHA     string `json:"commit"`
	Subject string `json:"subject"`
}

// FirstParents lists the commits on bad's first-parent line after good,
// oldest first, bad last: git rev-list --first-parent good..bad. Both
// must be full hashes. Each commit's first parent is the commit before it
// in the list (good for the first), so a change that one commit made
// shows between it and the one before: the list a bisection searches.
func (r *Repo) FirstParents(ctx context.Context, good, bad string) ([]Commit, error) {
	if !IsFullHash(good) || !IsFullHash(bad) {
		return nil, fmt.Errorf("FirstParents(%q, %q): want full commit hashes", good, bad)
	}
	out, err := r.git(ctx, "log", "--first-parent", "--reverse", "--format=%H %s", "--end-of-options", good+".."+bad)
	if err != nil {
		return nil, err
	}
	var list []Commit
	for _, line := range strings.Split(out, "\n") {
		if line == "" {
			continue
		}
		sha, subject, _ := strings.Cut(line, " ")
		list = append(list, Commit{SHA: sha, Subject: subject})
	}
	return list, nil
}

// Subject is the subject line of commit sha.
func (r *Repo) Subject(ctx context.Context, sha string) (string, error) {
	if !IsFullHash(sha) {
		return "", fmt.Errorf("Subject(%q): want a full commit hash", sha)
	}
	return r.git(ctx, "log", "-1", "--format=%s", "--end-of-options", sha)
}
