package decide

import "github.com/benchgate/benchgate/gate/compare"

// Joint decides several comparisons (the steps of a ladder, the shards of
// a matrix) as one family: their comparisons are decided together by
// Decide, so that the correction for many comparisons, and an adaptive
// run's correction over its candidates, run over all of them, and the
// chance of a false alarm in the whole family stays at the policy's alpha
// however many parts there are. It returns one Result per part, in
// order, each with the part's decisions, counts and verdict, and the
// family's size.
func Joint(parts []*compare.Result, p Policy) []*Result {
	if len(parts) == 1 {
		return []*Result{Decide(parts[0], p)}
	}
	all := &compare.Result{}
	var part []int
	for i, r := range parts {
		all.Comparisons = append(all.Comparisons, r.Comparisons...)
		for range r.Comparisons {
			part = append(part, i)
		}
	}
	joint := decideParts(all, p, part)
	out := make([]*Result, len(parts))
	at := 0
	for i, r := range parts {
		n := len(r.Comparisons)
		out[i] = Summarize(joint.Decisions[at:at+n:at+n], p)
		out[i].Family = joint.Family
		at += n
	}
	return out
}

// Summarize counts decisions made elsewhere (by Decide, perhaps jointly
// with others) and gives their verdict, as Decide does. Family is left 0.
func Summarize(ds []Decision, p Policy) *Result {
	out := &Result{Policy: p, Decisions: ds, Counts: map[Status]int{}}
	for _, d := range ds {
		out.Counts[d.Status]++
		if d.candidate {
			out.Candidates++
		}
	}
	switch {
	case out.Counts[Regression] > 0:
		out.Verdict = RegressionVerdict
	case out.Counts[TooFewSamples] > 0 || out.Counts[Inconclusive] > 0:
		out.Verdict = InconclusiveVerdict
	default:
		out.Verdict = Pass
	}
	return out
}

// Worst is the verdict of several results together: regression if any is,
// else inconclusive if any is, else pass.
func Worst(rs ...*Result) Verdict {
	v := Pass
	for _, r := range rs {
		switch r.Verdict {
		case RegressionVerdict:
			return RegressionVerdict
		case InconclusiveVerdict:
			v = InconclusiveVerdict
		}
	}
	return v
}
