package wizard

import (
	"context"
	"errors"

	"github.com/octaview/octaview/app/internal/console"
	"github.com/octaview/octaview/app/internal/form"
	"github.com/octaview/octaview/app/internal/ui"
	"github.com/octaview/octaview/octavia"
)

// qosRead is the VIP step's QoS policies (console.QoSChoices): the
// choices, or why there are none to pick (form.ErrNoQoS's words when
// Neutron has no qos extension: the step then shows them instead of the
// field).
type qosRead struct {
	opts []ui.Choice
	err  string
}

// readQoS reads the QoS policies for the VIP. Blocks (readCloud's).
func readQoS(ctx context.Context, client *octavia.Client) qosRead {
	opts, err := console.QoSChoices(ctx, client)
	switch {
	case errors.Is(err, form.ErrNoQoS):
		return qosRead{err: err.Error()}
	case err != nil:
		return qosRead{err: octavia.Message(err)}
	}
	return qosRead{opts: opts}
}

// errFor is what field f's options could not be (only a QoS field's).
func (q qosRead) errFor(f form.Field) string {
	if f.Type != form.QoS {
		return ""
	}
	return q.err
}
