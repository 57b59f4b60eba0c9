package serverapi

import "github.com/octaview/octaview/octavia/statuswire"

// Paths of the trainer's API (lab mode; the lab's admin only: anyone else
// gets 403) and of a trainee's checklist. GETs are authorized by the
// session cookie alone (an image or a download cannot send a header); the
// others also need SessionHeader.
const (
	TrainerPagePath  = "/trainer"       // the trainer's page (app route)
	TrainerCardsPath = "/trainer/cards" // printable cards (app route)

	TrainerClassPath    = "/api/trainer/class"        // GET: Class
	TrainerEventsPath   = "/api/trainer/events"       // GET: server-sent events, one Class per lab read
	TrainerFaultsPath   = "/api/trainer/faults"       // PUT: FaultsRequest
	TrainerResetPath    = "/api/trainer/reset"        // POST: ProjectsRequest
	TrainerScenarioPath = "/api/trainer/scenario"     // POST: ScenarioRequest
	TrainerExercisePath = "/api/trainer/exercise"     // PUT: ExerciseRequest
	TrainerProgressCSV  = "/api/trainer/progress.csv" // GET: the progress grid as CSV
	TrainerCardsAPIPath = "/api/trainer/cards"        // GET: Cards
	TrainerQRPath       = "/api/trainer/qr"           // GET ?user=NAME: the card's QR code (SVG)
	TrainerExportPath   = "/api/trainer/export"       // GET: the whole lab (a state file)
	TrainerImportPath   = "/api/trainer/import"       // PUT: a state file replaces the lab
	TrainerViewPath     = "/api/trainer/view"         // POST: ViewRequest; the session becomes a read-only view
	TrainerReturnPath   = "/api/trainer/return"       // POST: from a view back to the trainer's own session

	LabChecklistPath = "/api/lab/checklist" // GET: Checklist of the session's project
)

// Class is the body of TrainerClassPath and of each TrainerEventsPath
// event, as the lab answers it (labcloud.Cloud.Class).
type Class struct {
	At        string    `json:"at"`
	Exercise  *Exercise `json:"exercise,omitempty"`
	Exercises []string  `json:"exercises"` // shipped exercises to choose from
	Faults    Faults    `json:"faults"`    // lab-wide
	Trainees  []Trainee `json:"trainees"`  // ordered by who needs help
	Viewers   int       `json:"viewers"`   // trainer pages following the events
	// URLWarning says the console's URL on the cards is a loopback
	// address trainees cannot reach, and which flag to set ("" = none).
	URLWarning string `json:"url_warning,omitempty"`
}

// Exercise is what a page shows of an exercise.
type Exercise struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	Steps       []Step `json:"steps"`
}

// Step is a step's title and hints: Hint with the openstack CLI, Console
// the path in the console ("" = none given).
type Step struct {
	Title   string `json:"title"`
	Hint    string `json:"hint"`
	Console string `json:"console,omitempty"`
}

// Help ranks of a Trainee, most urgent first.
const (
	HelpNone    = 0
	HelpFailing = 1 // a step does not pass yet
	HelpPending = 2 // an object PENDING_* for over a minute
	HelpError   = 3 // an object in ERROR
)

// Trainee is one trainee's tile.
type Trainee struct {
	User          string      `json:"user"`
	Password      string      `json:"password"`
	Project       string      `json:"project"`
	ProjectID     string      `json:"project_id"`
	LastSeen      string      `json:"last_seen,omitempty"`
	LastOp        *Event      `json:"last_op,omitempty"`
	LastError     *Event      `json:"last_error,omitempty"`
	Counts        []KindCount `json:"counts"`
	LoadBalancers []TileLB    `json:"load_balancers"`
	MoreLBs       int         `json:"more_load_balancers,omitempty"`
	Faults        []string    `json:"faults,omitempty"`
	Steps         []StepState `json:"steps,omitempty"`
	Started       string      `json:"started,omitempty"`
	Help          int         `json:"help"`
	HelpSince     string      `json:"help_since,omitempty"`
	HelpText      string      `json:"help_text,omitempty"`
}

// Event is a trainee's request: when, what, the answer's status and, for a
// refusal, Octavia's faultstring.
type Event struct {
	At      string `json:"at"`
	Method  string `json:"method"`
	Path    string `json:"path"`
	Status  int    `json:"status"`
	Message string `json:"message,omitempty"`
}

// KindCount counts a project's objects of one kind by provisioning status.
type KindCount struct {
	Kind    string `json:"kind"`
	Total   int    `json:"total"`
	Active  int    `json:"active"`
	Pending int    `json:"pending"`
	Error   int    `json:"error"`
}

// TileLB is a load balancer of a tile, with its status tree.
type TileLB struct {
	ID                 string                  `json:"id"`
	Name               string                  `json:"name"`
	ProvisioningStatus string                  `json:"provisioning_status"`
	OperatingStatus    string                  `json:"operating_status"`
	Tree               statuswire.LoadBalancer `json:"tree"`
}

// StepState says whether a step's check holds now and when it first passed.
type StepState struct {
	Holds    bool   `json:"holds"`
	PassedAt string `json:"passed_at,omitempty"`
}

// ProjectsRequest names projects; All: every trainee's.
type ProjectsRequest struct {
	Projects []string `json:"projects,omitempty"`
	All      bool     `json:"all,omitempty"`
}

// FaultsRequest sets the faults of the projects named ({} lifts them);
// with Lab, the lab-wide faults instead.
type FaultsRequest struct {
	ProjectsRequest
	Lab    bool   `json:"lab,omitempty"`
	Faults Faults `json:"faults"`
}

// ScenarioRequest loads a scenario (the lab's scenario JSON) into projects.
type ScenarioRequest struct {
	ProjectsRequest
	Scenario string `json:"scenario"`
}

// ExerciseRequest picks the class's exercise: a shipped one by Name, or
// the JSON of one in File; neither: none. Setup loads the exercise's
// set-up into every trainee's project.
type ExerciseRequest struct {
	Name  string `json:"name,omitempty"`
	File  string `json:"file,omitempty"`
	Setup bool   `json:"setup,omitempty"`
}

// ViewRequest asks for a read-only view of a trainee's project.
type ViewRequest struct {
	Project string `json:"project"`
}

// Cards is the body of TrainerCardsAPIPath: one card per trainee.
type Cards struct {
	URL     string `json:"url"`               // the console's public URL
	Warning string `json:"warning,omitempty"` // as Class.URLWarning
	Cards   []Card `json:"cards"`
}

// Card is one trainee's card.
type Card struct {
	User     string `json:"user"`
	Password string `json:"password"`
	Project  string `json:"project"`
	URL      string `json:"url"` // the console's login for this user (the QR code's text)
}

// Checklist is the body of LabChecklistPath: the exercise's steps for the
// session's project and which pass. View names the project a trainer's
// read-only view shows ("" otherwise).
type Checklist struct {
	Exercise *Exercise   `json:"exercise,omitempty"`
	Steps    []StepState `json:"steps,omitempty"`
	View     string      `json:"view,omitempty"`
	Project  string      `json:"project"`
}
