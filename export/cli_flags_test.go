//go:build !js

package export

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/octaview/octaview/cmd/server/servertest"
	"github.com/octaview/octaview/octavia"
)

// TestCLIFlagsCoverSettable checks that each kind's create command has an
// option for every attribute Settable may give: CLI would otherwise fail.
func TestCLIFlagsCoverSettable(t *testing.T) {
	for _, k := range []octavia.Kind{octavia.KindLoadBalancer, octavia.KindListener, octavia.KindPool,
		octavia.KindMember, octavia.KindMonitor, octavia.KindL7Policy, octavia.KindL7Rule} {
		cmd, ok := commandOf(k)
		if !ok {
			t.Errorf("%s: no create command", k)
			continue
		}
		for _, key := range SettableKeys(k) {
			if !slices.ContainsFunc(cmd.flags, func(f cliFlag) bool { return f.key == key }) {
				t.Errorf("%s: no CLI option for the settable %s", k, key)
			}
		}
	}
}

// TestCLIFlagsExist asks the installed openstack CLI (python-octaviaclient)
// for the help of every command CLI writes and checks that every option it
// may write is there.
func TestCLIFlagsExist(t *testing.T) {
	cli := servertest.ForkedCLI(t) // the installed CLI's main, in forks of one warm Python
	type check struct {
		words []string
		flags []string
	}
	var checks []check
	for _, c := range cliCommands {
		var flags []string
		for _, f := range c.flags {
			flags = append(flags, f.flag)
		}
		switch c.kind {
		case octavia.KindLoadBalancer:
			flags = append(flags, flagProject)
		case octavia.KindPool:
			flags = append(flags, flagLoadBalancer)
		case octavia.KindListener:
			flags = append(flags, flagDefaultPool)
		case octavia.KindL7Policy:
			flags = append(flags, flagRedirectPool)
		}
		checks = append(checks, check{c.words, append(flags, flagWait, "-f", "-c")})
	}
	checks = append(checks,
		check{[]string{"loadbalancer", "show"}, []string{"-f", "-c"}},
		check{[]string{"floating", "ip", "create"}, []string{"-f", "-c"}},
		check{[]string{"floating", "ip", "set"}, []string{"--port"}})
	option := regexp.MustCompile(`(?m)(?:^|[\s\[|(])(--?[a-z][a-z0-9-]*)`)
	var wg sync.WaitGroup
	for _, c := range checks {
		wg.Go(func() {
			cmd := exec.CommandContext(t.Context(), cli.Bin(), append(c.words, "--help")...)
			cmd.Env = cli.Env(os.Environ())
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Errorf("openstack %s --help: %v\n%s", strings.Join(c.words, " "), err, out)
				return
			}
			var known []string
			for _, m := range option.FindAllStringSubmatch(string(out), -1) {
				known = append(known, m[1])
			}
			for _, f := range c.flags {
				if !slices.Contains(known, f) {
					t.Errorf("openstack %s: no option %s in its --help", strings.Join(c.words, " "), f)
				}
			}
		})
	}
	wg.Wait()
}
