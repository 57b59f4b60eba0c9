package app

// Octaview patch (new file): the engine's frames run in tasks of their own.

// frameTasks hands the engine's loop a frame in a task of its own: request
// posts a message on a MessageChannel, and the message's listener, a task
// that the browser runs after the one in progress (after every listener of
// the event being delivered and its default action, and never throttled in
// a hidden tab as timers are), makes the frame due. Outside a browser the
// frame is due at once.
type frameTasks struct {
	due  chan struct{}
	port Value // the channel's port2; nil outside a browser
}

func newFrameTasks() frameTasks {
	f := frameTasks{due: make(chan struct{}, 1)}
	if !IsClient {
		return f
	}
	mc := Window().Get("MessageChannel")
	if !mc.Truthy() {
		return f
	}
	ch := mc.New()
	ch.Get("port1").Set("onmessage", FuncOf(func(Value, []Value) any {
		f.signal()
		return nil
	}))
	f.port = ch.Get("port2")
	return f
}

// request makes a frame due in a task after the current one.
func (f frameTasks) request() {
	if f.port == nil {
		f.signal()
		return
	}
	f.port.Call("postMessage", nil)
}

func (f frameTasks) signal() {
	select {
	case f.due <- struct{}{}:
	default:
	}
}
