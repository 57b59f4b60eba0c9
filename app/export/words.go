package export

import (
	"time"

	"github.com/octaview/octaview/app/internal/tab"
	"github.com/octaview/octaview/octavia"
)

// What the panel says, apart from the code: pure, tested natively.

// ReadText says when the tree shown was read, as the console's other
// reads say it: "read 14:02:31 UTC".
func ReadText(at time.Time) string { return "read " + tab.ClockUTC(at) }

// ReadError says why a read of the load balancer's tree failed and, when
// an earlier read is still shown (shownAt not zero), that the code is that
// read's.
func ReadError(err error, shownAt time.Time) string {
	var s string
	switch octavia.ErrorCodeOf(err) {
	case octavia.ENOTFOUND:
		s = "The load balancer is gone: Octavia answers 404 (Not Found)."
	case octavia.EFORBIDDEN:
		s = "Your role may not read this load balancer's whole tree. " + octavia.Message(err)
	case octavia.ETIMEOUT:
		s = "Reading the load balancer's tree took too long. " + octavia.Message(err)
	default:
		s = "The load balancer's tree could not be read. " + octavia.Message(err)
	}
	if !shownAt.IsZero() {
		s += " The code below is what was " + ReadText(shownAt) + "."
	}
	return s
}

// CopiedText announces a Copy that the clipboard took.
func CopiedText(f Format) string { return "Copied the " + f.Label + " code to the clipboard." }

// CopyRefusedText announces a Copy the browser refused (no clipboard
// permission, a page not served over HTTPS): the text is selected for
// the user's own copy.
const CopyRefusedText = "The browser did not let the page copy: the text is selected, press Ctrl+C (⌘C on a Mac) to copy it."

// DownloadText announces a Download.
func DownloadText(name string) string { return "Downloading " + name + "." }
