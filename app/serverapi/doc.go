// Package serverapi defines the bodies of the server's own API, once, for
// both sides: cmd/server encodes them and the app (in the browser) decodes
// them. It imports no server code, so it builds for GOOS=js as well.
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
