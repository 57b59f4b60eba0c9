package app

// loadStatus says where a fetched value is; every page that fetches keeps one
// per value it shows, and renders each state.
type loadStatus int

const (
	neverLoaded loadStatus = iota // nothing asked yet
	loading                       // a request is in flight
	loaded                        // the value is there
	loadFailed                    // the last request failed; see the page's error text
)

func (s loadStatus) String() string {
	switch s {
	case neverLoaded:
		return "never loaded"
	case loading:
		return "loading"
	case loaded:
		return "loaded"
	case loadFailed:
		return "failed"
	}
	return "unknown"
}
