//go:build !js

package servertest

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// OpenStackCLI is the path of the OpenStack CLI (Debian's
// python3-openstackclient with python3-octaviaclient); it fails the test
// when it is missing, saying how to install it.
func OpenStackCLI(tb testing.TB) string {
	tb.Helper()
	openstack, err := exec.LookPath("openstack")
	if err != nil {
		tb.Fatalf("the OpenStack CLI is needed (apt-get install python3-openstackclient python3-octaviaclient, or make deps): %v", err)
	}
	return openstack
}

// CLIEnv is the environment of an OpenStack CLI that acts as user (with
// password) in project, both of domain Default, through the console at
// base, with home as its HOME.
func CLIEnv(base, home, user, password, project string) []string {
	return []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LANG=C.UTF-8",
		"OS_AUTH_URL=" + base + "/identity/v3", "OS_IDENTITY_API_VERSION=3",
		"OS_USERNAME=" + user, "OS_PASSWORD=" + password, "OS_PROJECT_NAME=" + project,
		"OS_USER_DOMAIN_NAME=Default", "OS_PROJECT_DOMAIN_NAME=Default",
		"OS_REGION_NAME=RegionOne", "OS_INTERFACE=public"}
}

// RunCLI runs the OpenStack CLI with env in dir and returns its output; it fails the
// test when the command fails.
func RunCLI(t testing.TB, openstack, dir string, env []string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, openstack, args...)
	cmd.Env, cmd.Dir = env, dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("openstack %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}
