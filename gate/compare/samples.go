package compare

// samples holds one cell's values in the order read. Most cells of B/op
// and allocs/op hold one value over and over; until a second distinct
// value arrives only that value and the count are kept, which takes two
// thirds of the samples of a typical run out of memory.
type samples struct {
	n     int
	first float64
	// values is nil while all n values equal first.
	values []float64
}

func (s *samples) add(v float64) {
	switch {
	case s.values != nil:
		s.values = append(s.values, v)
	case s.n == 0 || v == s.first:
		s.first = v
	default:
		s.values = make([]float64, s.n, 2*s.n+1)
		for i := range s.values {
			s.values[i] = s.first
		}
		s.values = append(s.values, v)
	}
	s.n++
}

// slice returns the values in the order read. A constant cell's slice is
// shared with every other constant cell of the same value, through c.
func (s *samples) slice(c constants) []float64 {
	if s.values != nil || s.n == 0 {
		return s.values
	}
	return c.get(s.first, s.n)
}

// constants hands out read-only slices of one repeated value, one backing
// array per value, so that a thousand cells of "64 B/op" share it.
type constants map[float64][]float64

func (c constants) get(v float64, n int) []float64 {
	if len(c[v]) < n {
		s := make([]float64, n)
		for i := range s {
			s[i] = v
		}
		c[v] = s
	}
	return c[v][:n:n]
}
