// Package serverapi defines the bodies of the server's own API, once, for
// both sides: cmd/server encodes them and the app (in the browser) decodes
// them. It imports no server code and no go-app, so it builds for GOOS=js
// as well. The trainer's API (trainer.go) is the lab's own contract too:
// labcloud.Cloud.Class answers in its Class, which cmd/server serves as is,
// and the lab's faults are its Faults (faults.go, with Duration, their
// JSON durations).
//
// Routes (below the origin that served the app):
//
//   - GET ConfigPath: a Config;
//   - GET StatusPath: a Status (status-page mode only);
//   - GET StatusEventsPath: server-sent events, one "data: <Status>" event
//     per upstream poll (status-page mode only).
//
// Every page of the app carries a Boot in its BootElementID element.
package serverapi
