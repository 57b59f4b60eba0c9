package section

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/octaview/octaview/app/internal/console"
)

// Render is section s of a detail page with env; nil for a section of no
// kind. UI goroutine.
func Render(s console.Section, env console.SectionEnv) goapp.UI {
	switch s {
	case console.SectionStatusTree:
		return &statusTreeCard{Read: env.Tree, Live: env.Live, rt: env.Runtime}
	case console.SectionStats: // a load balancer's or a listener's
		return statsCard(env.Runtime, env.Ref.Kind, env.Ref.ID)
	case console.SectionAmphorae: // admins only (Octavia's default policy)
		return goapp.If(env.Sess.Info.HasRole("admin"), func() goapp.UI {
			return &lbAmphorae{LBID: env.Ref.ID, LBName: env.Name, Status: env.Obj.Text("provisioning_status"), OnWrite: env.Follow, rt: env.Runtime}
		})
	case console.SectionMembers:
		return &batchMembers{Env: env}
	case console.SectionQuota:
		return &quotaDefaults{Project: env.Ref.ID, Values: env.Obj, rt: env.Runtime}
	case console.SectionAmphoraStats:
		return &amphoraStats{ID: env.Ref.ID, rt: env.Runtime}
	case console.SectionCerts: // listener_certs.go
		return newListenerCerts(env)
	}
	return nil
}
