package lazyregexp_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/octaview/octaview/app/internal/lazyregexp"
)

func Example() {
	re := lazyregexp.New(`^(\d{3})-(\d{3})$`) // not compiled yet
	fmt.Println(re.MatchString("200-204"), re.FindStringSubmatch("200-204")[2])
	// Output: true 204
}

// TestConcurrentFirstUse: goroutines using a Regexp for the first time at
// once all get the same compiled expression.
func TestConcurrentFirstUse(t *testing.T) {
	re := lazyregexp.New(`^a+$`)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if !re.MatchString("aaa") || re.MatchString("ab") {
				t.Error("wrong match")
			}
		})
	}
	wg.Wait()
	if re.Regexp() != re.Regexp() || re.String() != `^a+$` {
		t.Error("compiled twice, or the pattern changed")
	}
}

func TestBadPatternPanicsOnUse(t *testing.T) {
	re := lazyregexp.New(`(`) // no panic yet
	defer func() {
		if recover() == nil {
			t.Error("a bad pattern did not panic on first use")
		}
	}()
	re.MatchString("x")
}
