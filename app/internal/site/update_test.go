package site

import (
	"testing"
	"testing/synctest"
	"time"
)

// TestNoteBuildLooksAgainWhenDue: an answer of another build makes the app
// look for the new version at once, and at most once per updateCheckEvery;
// answers within that time make one more look when it is up, even if no
// answer comes after it (a page that sends nothing more still hears of the
// new version). Answers of this app's own build, or naming none, never do.
func TestNoteBuildLooksAgainWhenDue(t *testing.T) {
	t.Setenv("GOAPP_VERSION", "own")
	synctest.Test(t, func(t *testing.T) {
		looks := 0
		w := &updateWatch{look: func() { looks++ }}
		step := func(d time.Duration, want int, what string) {
			t.Helper()
			time.Sleep(d)
			synctest.Wait()
			if looks != want {
				t.Fatalf("%s: %d looks, want %d", what, looks, want)
			}
		}

		w.noteBuild("own")
		w.noteBuild("")
		step(0, 0, "answers of this app's build or of none")
		w.noteBuild("next")
		step(0, 1, "the first answer of another build")
		w.noteBuild("next")
		step(10*time.Second, 1, "another within the minute")
		w.noteBuild("next")
		step(40*time.Second, 1, "and another, 50 s after the look")
		step(10*time.Second, 2, "the minute is up: one look for both, with no answer since")
		step(5*time.Minute, 2, "nothing after that without an answer")
		w.noteBuild("next")
		step(0, 3, "an answer more than a minute after the last look")
	})
}
