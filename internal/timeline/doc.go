// Package timeline is the walls' changes store: for each feed (one cloud
// credential's poll, docs/walls.md) it remembers every object's last seen
// provisioning and operating statuses, since when they hold, and the
// changes two polls saw, so that a wall can show "since when" on every
// status and a strip of each load balancer's last 24 hours.
//
// The store diffs each poll against the previous one (Observe): a status
// that differs is a change; an object that was not there is an appearance
// (a provisioning_status change from ""), one that is gone a disappearance
// (to ""). The first poll of a feed the store has never seen records no
// changes: it is the baseline, and its time is each object's "since".
//
// It is bounded: changes older than Options.Retain (24 h) are dropped, and
// so are the oldest when a load balancer holds more than Options.MaxPerLB
// (16,384) or the store more than Options.MaxTotal (262,144): a member
// flapping every 30 s for a day makes about 11,500 changes on its load
// balancer (member, pool, listener and load balancer each change), within
// the cap. A feed not polled for Options.Retain (a wall removed from the
// walls file) is forgotten. The file (path given to Open) is a gzipped JSON document
// written atomically (a temporary file renamed over it, mode 0600) at most
// every Options.FlushEvery (5 s) after a change and on Close. Statuses and
// objects are numbered in it, so a change costs about 15 bytes of JSON,
// objects aside, and far less gzipped: a day of that flapping member is
// 160 kB of JSON, 1 kB on disk (the same changes as serverapi.WallChange
// JSON: 1.5 MB). At the caps, the file is at most about 4 MB of JSON.
package timeline
