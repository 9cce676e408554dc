package floor

import (
	"slices"
	"testing"
)

func TestX(t *testing.T) {
	_ = slices.Contains([]int{1}, 1) // go1.21, in a test file
}
