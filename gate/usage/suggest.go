package usage

import "strings"

// Closest returns the candidate nearest to s by edit distance, if it is
// near enough to be what was meant (at most a third of its length, and
// at most 3 edits), else "".
func Closest(s string, candidates []string) string {
	best, bestD := "", 4
	for _, c := range candidates {
		d := editDistance(strings.ToLower(s), strings.ToLower(c))
		if d < bestD && d*3 <= max(len(c), 3) {
			best, bestD = c, d
		}
	}
	return best
}

// OneEditFrom returns the first candidate that s is one edit away from
// (case counts), else "": a typo, as surely as a name can tell.
func OneEditFrom(s string, candidates []string) string {
	for _, c := range candidates {
		if editDistance(s, c) == 1 {
			return c
		}
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
