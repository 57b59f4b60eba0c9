package ui

// LoadStatus says where a fetched value is; every page that fetches keeps one
// per value it shows, and renders each state.
type LoadStatus int

const (
	NeverLoaded LoadStatus = iota // nothing asked yet
	Loading                       // a request is in flight
	Loaded                        // the value is there
	LoadFailed                    // the last request failed; see the page's error text
)

func (s LoadStatus) String() string {
	switch s {
	case NeverLoaded:
		return "never loaded"
	case Loading:
		return "loading"
	case Loaded:
		return "loaded"
	case LoadFailed:
		return "failed"
	}
	return "unknown"
}
