package runner

// The results files: what this run has written to each, and the checks
// that the file still holds exactly that. A file is checked before each
// block is appended (it must be the file this run created, as long as
// this run made it), and read back whole before anything compares it
// (every block's header must name this side and this run, and the bytes
// must be the ones written). A file that went missing is never created
// again: half the samples would then look like all of them.

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"strings"
)

// resultsFile is what this run wrote to one side's results file.
type resultsFile struct {
	info   os.FileInfo
	size   int64
	blocks int
	// first and last are the 1-based rounds of the first and the last
	// block.
	first, last int
	sum         hash.Hash
}

// newRunID returns a random name for this run, which every block header
// carries, so that a block of another run is told from this run's own.
func newRunID() (string, error) {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", b), nil
}

// createResults starts side s's results file anew: results of a previous
// run in the same directory are replaced, not mixed in.
func createResults(s *SideResult) error {
	if err := os.WriteFile(s.File, nil, 0o644); err != nil {
		return fmt.Errorf("creating results file: %w", err)
	}
	info, err := os.Stat(s.File)
	if err != nil {
		return fmt.Errorf("creating results file: %w", err)
	}
	s.file = resultsFile{info: info, sum: sha256.New()}
	return nil
}

// problem builds the error for side s's file.
func (s *SideResult) problem(what string, lost bool) *ResultsFileError {
	rounds := fmt.Sprint(s.file.first)
	if s.file.last != s.file.first {
		rounds = fmt.Sprintf("%d-%d", s.file.first, s.file.last)
	}
	return &ResultsFileError{Side: s.Name, File: s.File, Problem: what, Blocks: s.file.blocks, Results: s.Results,
		Size: s.file.size, Rounds: rounds, Lost: lost}
}

// checkStat compares what the file is now with what this run made it.
func (s *SideResult) checkStat(info os.FileInfo, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s.problem("was deleted", true)
	case err != nil:
		return fmt.Errorf("reading results file: %w", err)
	case !os.SameFile(info, s.file.info):
		return s.problem("was replaced by another file", true)
	case info.Size() < s.file.size:
		return s.problem(fmt.Sprintf("shrank from %d to %d bytes", s.file.size, info.Size()), true)
	case info.Size() > s.file.size:
		return s.problem(fmt.Sprintf("grew by %d bytes this run did not write", info.Size()-s.file.size), false)
	}
	return nil
}

// openResults opens side s's results file to append a block, after
// checking that it is still what this run made it.
func openResults(s *SideResult) (*os.File, error) {
	f, err := os.OpenFile(s.File, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return nil, s.checkStat(nil, err)
	}
	info, err := f.Stat()
	if err := s.checkStat(info, err); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// blockWriter counts and hashes what a block writes to the file.
type blockWriter struct {
	w   io.Writer
	sum hash.Hash
	n   int64
}

func (b *blockWriter) Write(p []byte) (int, error) {
	n, err := b.w.Write(p)
	b.sum.Write(p[:n])
	b.n += int64(n)
	return n, err
}

// wrote records a block of round (1-based) of bw's bytes.
func (s *SideResult) wrote(bw *blockWriter, round int) {
	s.file.size += bw.n
	if s.file.blocks == 0 {
		s.file.first = round
	}
	s.file.blocks++
	s.file.last = round
}

// headerPrefix starts every block's header line.
const headerPrefix = "# benchgate: side="

// verifyResults reads every side's results file back before it is
// compared: each block's header must name the side and this run, the
// blocks and result lines must be as many as this run wrote, and the
// bytes the ones it wrote.
func (st *runState) verifyResults() error {
	for _, s := range st.out.Sides {
		if err := st.verifyFile(s); err != nil {
			return err
		}
	}
	return nil
}

func (st *runState) verifyFile(s *SideResult) error {
	f, err := os.Open(s.File)
	if err != nil {
		return s.checkStat(nil, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err := s.checkStat(info, err); err != nil {
		return err
	}
	sum := sha256.New()
	// Every line this run writes fits the buffer.
	r := bufio.NewReaderSize(io.TeeReader(f, sum), 2*maxLine)
	blocks, results, line := 0, 0, 0
	for {
		l, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// Longer than any line this run writes: keep its start and
			// read past the rest.
			l = append([]byte(nil), l...)
			for err == bufio.ErrBufferFull {
				_, err = r.ReadSlice('\n')
			}
		}
		if len(l) > 0 {
			line++
			text := strings.TrimRight(string(l), "\r\n")
			switch {
			case strings.HasPrefix(text, headerPrefix):
				blocks++
				side, run := headerField(text, "side"), headerField(text, "run")
				if side != s.Name || run != st.runID {
					return s.problem(fmt.Sprintf("holds a block of side=%s run=%s at line %d, which this run (side=%s run=%s) did not write", side, run, line, s.Name, st.runID), false)
				}
			case resultRE.Match(l):
				if blocks == 0 {
					return s.problem(fmt.Sprintf("holds a result before its first block, at line %d", line), false)
				}
				results++
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("reading results file: %w", err)
		}
	}
	switch {
	case blocks != s.file.blocks:
		return s.problem(fmt.Sprintf("holds %d blocks where this run wrote %d", blocks, s.file.blocks), false)
	case results != s.Results:
		return s.problem(fmt.Sprintf("holds %d result lines where this run wrote %d", results, s.Results), false)
	case !bytes.Equal(sum.Sum(nil), s.file.sum.Sum(nil)):
		return s.problem("was changed in place", false)
	}
	return nil
}

// headerField is the value of key=value in a block's header line.
func headerField(header, key string) string {
	for _, f := range strings.Fields(strings.TrimPrefix(header, "# benchgate: ")) {
		if v, ok := strings.CutPrefix(f, key+"="); ok {
			return v
		}
	}
	return ""
}
