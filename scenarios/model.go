package scenarios

// The typed model of muster's documents. Field names follow the JSON keys of
// the schemas in ../schema; the schemas are the contract and these structs
// are decoded only after a document has passed them.

// Note is a remark on the data: a correction (with what was printed), a
// missing fact, an inference or an ambiguity.
type Note struct {
	Kind    string     `json:"kind"`
	Text    string     `json:"text"`
	Printed string     `json:"printed,omitempty"`
	Field   string     `json:"field,omitempty"`
	Source  *SourceRef `json:"source,omitempty"`
}

// SourceRef points into a seed document.
type SourceRef struct {
	Document string `json:"document,omitempty"`
	Lines    string `json:"lines,omitempty"`
	Section  string `json:"section,omitempty"`
}

// Game is a game module (game.json).
type Game struct {
	ID             string               `json:"id"`
	Title          string               `json:"title"`
	Series         string               `json:"series,omitempty"`
	Publisher      string               `json:"publisher"`
	Edition        string               `json:"edition,omitempty"`
	System         string               `json:"system"`
	Source         GameSource           `json:"source"`
	Sides          []Side               `json:"sides"`
	UnitTypes      []UnitType           `json:"unitTypes"`
	UnitSizes      []UnitSize           `json:"unitSizes"`
	Commands       map[string][]Command `json:"commands"`
	States         []StateDimension     `json:"states"`
	Markers        []Marker             `json:"markers"`
	Tracks         []Track              `json:"tracks,omitempty"`
	Statuses       []Status             `json:"statuses,omitempty"`
	Boxes          []Box                `json:"boxes,omitempty"`
	Stacking       *Stacking            `json:"stacking,omitempty"`
	LeaderSetup    *LeaderSetup         `json:"leaderSetup,omitempty"`
	ManpowerLimits []ManpowerLimit      `json:"manpowerLimits,omitempty"`
	Prohibited     []Prohibition        `json:"prohibited,omitempty"`
	Calendar       *Calendar            `json:"calendar,omitempty"`
	Invariants     []Invariant          `json:"invariants,omitempty"`
	Files          GameFiles            `json:"files"`
	Decks          []Deck               `json:"decks,omitempty"`
	Facts          []ValueFact          `json:"facts,omitempty"`
	Notes          []Note               `json:"notes,omitempty"`
}

// Deck is a card deck of the game; Cards is empty while its composition
// is missing.
type Deck struct {
	ID       string     `json:"id"`
	Name     string     `json:"name"`
	Side     string     `json:"side,omitempty"`
	Size     int        `json:"size"`
	Theaters []string   `json:"theaters,omitempty"`
	Cards    []Card     `json:"cards,omitempty"`
	Status   string     `json:"status"`
	Source   *SourceRef `json:"source,omitempty"`
	Notes    []Note     `json:"notes,omitempty"`
}

// Card is one card of a deck.
type Card struct {
	Number  int    `json:"number"`
	Title   string `json:"title,omitempty"`
	Theater string `json:"theater"`
	Naval   bool   `json:"naval,omitempty"`
	Text    string `json:"text,omitempty"`
}

// Invariant is arithmetic the rulebook states about a scenario's start.
// Kind tracks-sum (the default): the sum of the named tracks' start values
// equals, or stays within, a number (USCW: Resource BPs and Union VPs add up
// to 100); StartsBefore limits it to scenarios that start before a date (a
// limit raised on a later date). Kind track-is-start-turn: Track starts at
// the scenario's first calendar turn (USCW Arsenals).
type Invariant struct {
	ID           string     `json:"id"`
	Kind         string     `json:"kind,omitempty"`  // tracks-sum, track-is-start-turn, map-bp-sum
	Topic        string     `json:"topic,omitempty"` // map-bp-sum: the map's missing topic of the BPs
	Tracks       []string   `json:"tracks,omitempty"`
	Track        string     `json:"track,omitempty"`
	Equals       *float64   `json:"equals,omitempty"`
	AtMost       *float64   `json:"atMost,omitempty"`
	AtLeast      *float64   `json:"atLeast,omitempty"`
	StartsBefore string     `json:"startsBefore,omitempty"`
	Text         string     `json:"text"`
	Status       string     `json:"status,omitempty"` // source when empty; inferred
	Source       *SourceRef `json:"source"`
	Notes        []Note     `json:"notes,omitempty"`
}

// ValueFact is a sum of counter values a worked example fixes.
type ValueFact struct {
	Kind     string    `json:"kind"` // value-sum
	Counters []string  `json:"counters"`
	Value    string    `json:"value"`
	Sum      int       `json:"sum"`
	Text     string    `json:"text"`
	Source   SourceRef `json:"source"`
	Notes    []Note    `json:"notes,omitempty"`
}

type GameSource struct {
	Document    string   `json:"document"`
	Title       string   `json:"title,omitempty"`
	NotIncluded []string `json:"notIncluded,omitempty"`
}

type Side struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Adjective string `json:"adjective,omitempty"`
}

type UnitType struct {
	Code  string `json:"code"`
	Name  string `json:"name"`
	Role  string `json:"role"`
	Notes []Note `json:"notes,omitempty"`
}

type UnitSize struct {
	Code string `json:"code"`
	Name string `json:"name"`
	Rank int    `json:"rank,omitempty"`
}

type Command struct {
	Code    string   `json:"code"`
	Name    string   `json:"name"`
	Level   string   `json:"level"`
	Parent  string   `json:"parent,omitempty"`
	Aliases []string `json:"aliases,omitempty"`
	Notes   []Note   `json:"notes,omitempty"`
}

type StateDimension struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Kind      string   `json:"kind"` // enum, level, flag
	Values    []string `json:"values,omitempty"`
	Min       *int     `json:"min,omitempty"`
	Max       *int     `json:"max,omitempty"`
	Default   any      `json:"default,omitempty"`
	Exclusive bool     `json:"exclusive,omitempty"`
	Notes     []Note   `json:"notes,omitempty"`
}

type Marker struct {
	ID        string   `json:"id"`
	Name      string   `json:"name"`
	Printed   []string `json:"printed,omitempty"`
	Sided     bool     `json:"sided,omitempty"`
	OnHexside bool     `json:"onHexside,omitempty"`
	OffMap    bool     `json:"offMap,omitempty"`
	// Supplied is how many the counter sheet gives each side, by side id;
	// SuppliedMissing marks a count the rules need that the source lacks.
	Supplied        map[string]int `json:"supplied,omitempty"`
	SuppliedMissing bool           `json:"suppliedMissing,omitempty"`
	Notes           []Note         `json:"notes,omitempty"`
}

// Track is a numeric track a scenario sets at the start.
type Track struct {
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Min   *float64 `json:"min,omitempty"`
	Max   *float64 `json:"max,omitempty"`
	Side  string   `json:"side,omitempty"`
	Notes []Note   `json:"notes,omitempty"`
}

// Status is a named status with a closed set of values.
type Status struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	Values []string `json:"values"`
	Notes  []Note   `json:"notes,omitempty"`
}

// Box is an off-map holding box.
type Box struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Notes []Note `json:"notes,omitempty"`
}

// TurnLabel names a turn as the source prints it.
type TurnLabel struct {
	Turn   int        `json:"turn"`
	Label  string     `json:"label"`
	Date   string     `json:"date,omitempty"`
	Source *SourceRef `json:"source,omitempty"`
}

// Calendar maps dates to turns: turn N starts on Start + (N-1) steps.
type Calendar struct {
	Start     string      `json:"start"`
	End       string      `json:"end,omitempty"`
	Step      string      `json:"step"`
	FirstTurn int         `json:"firstTurn,omitempty"`
	Turns     int         `json:"turns,omitempty"`
	Labels    []TurnLabel `json:"labels,omitempty"`
	// StrategicCycle: every Nth turn holds a strategic cycle.
	StrategicCycle *StrategicCycle `json:"strategicCycle,omitempty"`
	// Marked lists turns the turn track marks (TPC's red manpower turns).
	Marked []MarkedTurn `json:"marked,omitempty"`
	Notes  []Note       `json:"notes,omitempty"`
}

// StrategicCycle says which turns hold a strategic cycle.
type StrategicCycle struct {
	Every  int        `json:"every"`
	Rule   string     `json:"rule,omitempty"`
	Source *SourceRef `json:"source,omitempty"`
}

// MarkedTurn is a turn the turn track marks (colour-coded) and why.
type MarkedTurn struct {
	Turn   int        `json:"turn"`
	Mark   string     `json:"mark"`
	Reason string     `json:"reason"`
	Source *SourceRef `json:"source,omitempty"`
}

type GameFiles struct {
	Map       string `json:"map"`
	Counters  string `json:"counters"`
	Scenarios string `json:"scenarios"`
	Tables    string `json:"tables,omitempty"`
}

// Stacking is a game's stacking rule.
type Stacking struct {
	Text                   string          `json:"text"`
	Source                 *SourceRef      `json:"source,omitempty"`
	Missing                bool            `json:"missing,omitempty"`
	Limits                 []StackingLimit `json:"limits,omitempty"`
	Free                   []UnitFilter    `json:"free,omitempty"`
	LeadersFreeWithCommand bool            `json:"leadersFreeWithCommand,omitempty"`
	Opposing               string          `json:"opposing,omitempty"` // contested, prohibited, missing
	Notes                  []Note          `json:"notes,omitempty"`
}

type StackingLimit struct {
	Side          string      `json:"side,omitempty"`
	Max           int         `json:"max"`
	LocationKinds []string    `json:"locationKinds,omitempty"`
	Counts        *UnitFilter `json:"counts,omitempty"`
	Source        *SourceRef  `json:"source,omitempty"`
}

// LeaderSetup is how far from a unit of his command a leader may set up.
type LeaderSetup struct {
	Text        string     `json:"text"`
	MaxDistance int        `json:"maxDistance"`
	With        string     `json:"with"` // command, friendly
	Provenance  string     `json:"provenance"`
	Source      *SourceRef `json:"source,omitempty"`
	Notes       []Note     `json:"notes,omitempty"`
}

// ManpowerLimit is the most manpower the rules allow a kind of unit.
type ManpowerLimit struct {
	Text   string     `json:"text"`
	Units  UnitFilter `json:"units"`
	Max    int        `json:"max"`
	Rule   string     `json:"rule,omitempty"`
	Source *SourceRef `json:"source,omitempty"`
	Notes  []Note     `json:"notes,omitempty"`
}

// Prohibition is a region a side or kind of unit may never occupy.
type Prohibition struct {
	Text   string     `json:"text"`
	Rule   string     `json:"rule,omitempty"`
	Units  UnitFilter `json:"units"`
	Region Region     `json:"region"`
	Source *SourceRef `json:"source,omitempty"`
	Notes  []Note     `json:"notes,omitempty"`
}

// Map is a module's map file: a hex map of sheets or an area map.
type Map struct {
	Module        string         `json:"module"`
	Kind          string         `json:"kind"` // hex, area
	Sheets        []Sheet        `json:"sheets,omitempty"`
	Overlaps      []Overlap      `json:"overlaps,omitempty"`
	Aliases       []Alias        `json:"aliases,omitempty"`
	Places        []Place        `json:"places,omitempty"`
	Regions       []MapRegion    `json:"regions,omitempty"`
	Features      []Feature      `json:"features,omitempty"`
	Hexes         []HexData      `json:"hexes,omitempty"`
	Hexsides      []HexsideData  `json:"hexsides,omitempty"`
	HexsideKinds  []HexsideKind  `json:"hexsideKinds,omitempty"`
	Areas         []Area         `json:"areas,omitempty"`
	BoundaryTypes []BoundaryType `json:"boundaryTypes,omitempty"`
	Adjacency     []Adjacency    `json:"adjacency,omitempty"`
	Missing       []MissingTopic `json:"missing,omitempty"`
	Notes         []Note         `json:"notes,omitempty"`
}

type Range struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

type Sheet struct {
	ID              string     `json:"id"`
	Name            string     `json:"name"`
	Prefix          string     `json:"prefix"`
	QualifiedPrefix string     `json:"qualifiedPrefix,omitempty"`
	Digits          int        `json:"digits,omitempty"`
	IDOrder         string     `json:"idOrder,omitempty"` // column-row (default) or row-column
	Columns         Range      `json:"columns"`
	Rows            Range      `json:"rows"`
	Extent          string     `json:"extent,omitempty"`
	Orientation     string     `json:"orientation"`
	OddColumns      string     `json:"oddColumns"`
	InPlay          *bool      `json:"inPlay,omitempty"`
	Source          *SourceRef `json:"source,omitempty"`
	Notes           []Note     `json:"notes,omitempty"`
}

type Overlap struct {
	Upper        string   `json:"upper"`
	Lower        string   `json:"lower"`
	ColumnOffset int      `json:"columnOffset"`
	RowOffset    int      `json:"rowOffset"`
	Provenance   string   `json:"provenance"`
	Evidence     []string `json:"evidence,omitempty"`
	Notes        []Note   `json:"notes,omitempty"`
}

type Alias struct {
	IDs    []string   `json:"ids"`
	Name   string     `json:"name,omitempty"`
	Source *SourceRef `json:"source,omitempty"`
	Notes  []Note     `json:"notes,omitempty"`
}

type Place struct {
	At       string     `json:"at"`
	Name     string     `json:"name"`
	Variants []string   `json:"variants,omitempty"`
	Source   *SourceRef `json:"source,omitempty"`
	Notes    []Note     `json:"notes,omitempty"`
}

type MapRegion struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Kind       string     `json:"kind"`
	Hexes      []string   `json:"hexes,omitempty"`
	Provenance string     `json:"provenance,omitempty"`
	Source     *SourceRef `json:"source,omitempty"`
	Notes      []Note     `json:"notes,omitempty"`
}

type Feature struct {
	ID         string         `json:"id"`
	Kind       string         `json:"kind"`
	Name       string         `json:"name,omitempty"`
	Hexes      []string       `json:"hexes,omitempty"`
	Hexside    []string       `json:"hexside,omitempty"`
	Complete   *bool          `json:"complete,omitempty"`
	Count      *int           `json:"count,omitempty"`
	Provenance string         `json:"provenance,omitempty"`
	Attributes map[string]any `json:"attributes,omitempty"`
	Source     *SourceRef     `json:"source,omitempty"`
	Notes      []Note         `json:"notes,omitempty"`
}

type HexData struct {
	At        string        `json:"at"`
	Terrain   string        `json:"terrain,omitempty"`
	Region    string        `json:"region,omitempty"`
	States    []string      `json:"states,omitempty"`
	Theater   string        `json:"theater,omitempty"`
	Place     string        `json:"place,omitempty"` // town, city, capital
	Port      string        `json:"port,omitempty"`  // ocean, river
	Objective bool          `json:"objective,omitempty"`
	BP        *int          `json:"bp,omitempty"`
	Salt      bool          `json:"salt,omitempty"`
	Blockade  *BlockadePort `json:"blockade,omitempty"`
	Status    string        `json:"status,omitempty"`
	Source    *SourceRef    `json:"source,omitempty"`
}

// BlockadePort is a Blockade Runner Port's zone and modifier.
type BlockadePort struct {
	Zone     string `json:"zone"`
	Modifier int    `json:"modifier"`
	Fort     string `json:"fort,omitempty"`
}

// HexsideKind is one kind of the map's closed hexside vocabulary.
type HexsideKind struct {
	ID     string     `json:"id"`
	Name   string     `json:"name"`
	Rule   string     `json:"rule,omitempty"`
	Source *SourceRef `json:"source,omitempty"`
}

type HexsideData struct {
	Between []string   `json:"between"`
	Kinds   []string   `json:"kinds"`
	River   string     `json:"river,omitempty"` // the named river it lies on (USCW 20.3.1's Mississippi)
	Status  string     `json:"status,omitempty"`
	Source  *SourceRef `json:"source,omitempty"`
}

type Area struct {
	ID       string     `json:"id"`
	Kind     string     `json:"kind"`
	Name     string     `json:"name,omitempty"`
	Sector   string     `json:"sector,omitempty"`
	Terrain  []string   `json:"terrain,omitempty"`
	VP       *float64   `json:"vp,omitempty"`
	TEM      *int       `json:"tem,omitempty"`
	Features []string   `json:"features,omitempty"`
	Source   *SourceRef `json:"source,omitempty"`
	Notes    []Note     `json:"notes,omitempty"`
}

type BoundaryType struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Notes []Note `json:"notes,omitempty"`
}

type Adjacency struct {
	Between    []string   `json:"between"`
	Boundary   string     `json:"boundary,omitempty"`
	Road       bool       `json:"road,omitempty"`
	Ford       bool       `json:"ford,omitempty"`
	Prohibited bool       `json:"prohibited,omitempty"`
	Source     *SourceRef `json:"source,omitempty"`
	Notes      []Note     `json:"notes,omitempty"`
}

type MissingTopic struct {
	Topic     string   `json:"topic"`
	Text      string   `json:"text"`
	NeededFor []string `json:"neededFor,omitempty"`
	// MadeUp says what a test module invented in place of the fact; a
	// shipped module never sets it.
	MadeUp string `json:"madeUp,omitempty"`
}

// Counters is a module's counter mix.
type Counters struct {
	Module   string    `json:"module"`
	Values   []string  `json:"values,omitempty"`
	Counters []Counter `json:"counters"`
	Notes    []Note    `json:"notes,omitempty"`
}

// Counter is one physical counter with a stable id.
type Counter struct {
	ID       string        `json:"id"`
	Name     string        `json:"name"`
	Side     string        `json:"side"`
	Type     string        `json:"type"`
	Size     string        `json:"size"`
	Command  string        `json:"command,omitempty"`
	Commands []string      `json:"commands,omitempty"`
	Printed  PrintedValues `json:"printed"`
	Notes    []Note        `json:"notes,omitempty"`
}

type PrintedValues struct {
	Status string         `json:"status"` // source, partial, missing, made-up (test modules only)
	Values map[string]any `json:"values,omitempty"`
	Source *SourceRef     `json:"source,omitempty"`
}

// Scenario is one scenario of a module.
type Scenario struct {
	ID           string        `json:"id"`
	Module       string        `json:"module"`
	Number       any           `json:"number,omitempty"`
	Title        string        `json:"title"`
	Source       SourceRef     `json:"source"`
	Background   string        `json:"background,omitempty"`
	Maps         ScenarioMaps  `json:"maps"`
	Length       Length        `json:"length"`
	Start        *Start        `json:"start,omitempty"`
	Setup        []SetupTable  `json:"setup"`
	SpecialRules []SpecialRule `json:"specialRules"`
	Victory      Victory       `json:"victory"`
	Variants     []Variant     `json:"variants,omitempty"`
	Options      []Option      `json:"options,omitempty"`
	Notes        []Note        `json:"notes,omitempty"`
}

// Start is the state at the start beyond unit setups; its keys are ids
// the game module declares.
type Start struct {
	Tracks      map[string]float64  `json:"tracks,omitempty"`
	Statuses    map[string]string   `json:"statuses,omitempty"`
	Cards       map[string]int      `json:"cards,omitempty"`
	FirstPlayer *FirstPlayer        `json:"firstPlayer,omitempty"`
	Boxes       map[string][]string `json:"boxes,omitempty"`
	Markers     []StartMarker       `json:"markers,omitempty"`
	Text        string              `json:"text,omitempty"`
	Notes       []Note              `json:"notes,omitempty"`
}

type FirstPlayer struct {
	Side string `json:"side,omitempty"`
	Text string `json:"text"`
}

// StartMarker is a marker placed at the start, or a counter placed like one
// (Unit: a leader waiting on the Turn Track). Turn is the Turn Track box.
type StartMarker struct {
	Marker  string   `json:"marker,omitempty"`
	Unit    string   `json:"unit,omitempty"`
	Turn    int      `json:"turn,omitempty"`
	Side    string   `json:"side,omitempty"`
	At      string   `json:"at,omitempty"`
	Hexside []string `json:"hexside,omitempty"`
	Box     string   `json:"box,omitempty"`
	Count   int      `json:"count,omitempty"`
	Text    string   `json:"text,omitempty"`
	Notes   []Note   `json:"notes,omitempty"`
}

// Variant is a version of a scenario the source offers.
type Variant struct {
	ID           string       `json:"id"`
	Title        string       `json:"title"`
	Text         string       `json:"text"`
	BasedOn      string       `json:"basedOn,omitempty"`
	Length       *Length      `json:"length,omitempty"`
	Start        *Start       `json:"start,omitempty"`
	Effects      []Effect     `json:"effects,omitempty"`
	Setup        []SetupTable `json:"setup,omitempty"`
	Victory      *Victory     `json:"victory,omitempty"`
	Adjudication string       `json:"adjudication,omitempty"`
	Source       *SourceRef   `json:"source,omitempty"`
	Notes        []Note       `json:"notes,omitempty"`
}

// Option is an optional rule a scenario may be played with.
type Option struct {
	ID           string     `json:"id"`
	Title        string     `json:"title"`
	Text         string     `json:"text"`
	Rule         string     `json:"rule,omitempty"`
	Effects      []Effect   `json:"effects,omitempty"`
	Adjudication string     `json:"adjudication,omitempty"`
	Source       *SourceRef `json:"source,omitempty"`
	Notes        []Note     `json:"notes,omitempty"`
}

type ScenarioMaps struct {
	Text     string            `json:"text"`
	Sheets   []SheetInPlay     `json:"sheets"`
	Prefixes map[string]string `json:"prefixes,omitempty"`
}

type SheetInPlay struct {
	Sheet string `json:"sheet"`
	Part  string `json:"part,omitempty"`
	Limit string `json:"limit,omitempty"`
}

type Length struct {
	Text          string     `json:"text"`
	Turns         int        `json:"turns"`
	Start         string     `json:"start,omitempty"`
	End           string     `json:"end,omitempty"`
	CalendarTurns *TurnRange `json:"calendarTurns,omitempty"`
}

type TurnRange struct {
	First int `json:"first"`
	Last  int `json:"last"`
}

type SetupTable struct {
	Side      string     `json:"side"`
	Title     string     `json:"title,omitempty"`
	Source    *SourceRef `json:"source,omitempty"`
	Footnotes []Footnote `json:"footnotes,omitempty"`
	Rows      []SetupRow `json:"rows"`
	// RowsMissing says where the rows are when the source lacks them.
	RowsMissing string `json:"rowsMissing,omitempty"`
	Notes       []Note `json:"notes,omitempty"`
}

type Footnote struct {
	Symbol       string         `json:"symbol"`
	Text         string         `json:"text"`
	States       map[string]any `json:"states,omitempty"`
	Restrictions []Restriction  `json:"restrictions,omitempty"`
	Rule         string         `json:"rule,omitempty"`
	Notes        []Note         `json:"notes,omitempty"`
}

type Restriction struct {
	Restrict []string  `json:"restrict"`
	Turns    *TurnSpan `json:"turns,omitempty"`
	Release  []Trigger `json:"release,omitempty"`
}

type TurnSpan struct {
	From int `json:"from,omitempty"`
	To   int `json:"to,omitempty"`
}

// SetupRow is one printed row of a setup table: a unit (Unit set) or a
// non-unit marker such as a redoubt (Marker set).
type SetupRow struct {
	Name      string         `json:"name"`
	Unit      string         `json:"unit,omitempty"`
	Marker    string         `json:"marker,omitempty"`
	Size      string         `json:"size,omitempty"`
	Command   string         `json:"command,omitempty"`
	Type      string         `json:"type,omitempty"`
	Manpower  *int           `json:"manpower"`
	Marks     string         `json:"marks,omitempty"`
	Hex       string         `json:"hex,omitempty"`
	Place     string         `json:"place,omitempty"`
	Box       string         `json:"box,omitempty"`
	Entry     *Entry         `json:"entry,omitempty"`
	Placement *Placement     `json:"placement,omitempty"`
	States    map[string]any `json:"states,omitempty"`
	Notes     []Note         `json:"notes,omitempty"`
}

// Placement is an at-start location the player chooses.
type Placement struct {
	Text           string      `json:"text"`
	With           *UnitFilter `json:"with,omitempty"`
	Where          *Region     `json:"where,omitempty"`
	MaxPerLocation int         `json:"maxPerLocation,omitempty"`
}

// Entry is a deferred entry: a unit that arrives after the start.
type Entry struct {
	Text  string  `json:"text"`
	Turn  int     `json:"turn,omitempty"`
	Date  string  `json:"date,omitempty"`
	Rule  string  `json:"rule,omitempty"`
	Phase string  `json:"phase,omitempty"`
	Where *Region `json:"where,omitempty"`
	// Schedule is the id of a schedule entry of the module's tables that
	// governs this entry (TPC rule 16).
	Schedule string `json:"schedule,omitempty"`
}

type SpecialRule struct {
	Number       string     `json:"number,omitempty"`
	Title        string     `json:"title"`
	Text         string     `json:"text"`
	Effects      []Effect   `json:"effects"`
	Adjudication string     `json:"adjudication,omitempty"`
	Source       *SourceRef `json:"source,omitempty"`
	Notes        []Note     `json:"notes,omitempty"`
}

// Effect is one structured effect of a special rule; Kind selects which of
// the other fields apply (see common.schema.json#/$defs/effect).
type Effect struct {
	Kind        string         `json:"kind"`
	Side        string         `json:"side,omitempty"`
	Sides       []string       `json:"sides,omitempty"`
	Turns       *TurnSpan      `json:"turns,omitempty"`
	Count       int            `json:"count,omitempty"`
	Phase       string         `json:"phase,omitempty"`
	Action      string         `json:"action,omitempty"`
	Units       *UnitFilter    `json:"units,omitempty"`
	Leaders     []string       `json:"leaders,omitempty"`
	Restrict    []string       `json:"restrict,omitempty"`
	Release     []Trigger      `json:"release,omitempty"`
	Region      *Region        `json:"region,omitempty"`
	Prohibits   []string       `json:"prohibits,omitempty"`
	RetreatInto string         `json:"retreatInto,omitempty"`
	Toward      *Region        `json:"toward,omitempty"`
	MustEnd     string         `json:"mustEnd,omitempty"`
	Leader      string         `json:"leader,omitempty"`
	MayActivate *UnitFilter    `json:"mayActivate,omitempty"`
	Owner       string         `json:"owner,omitempty"`
	Bridge      string         `json:"bridge,omitempty"`
	Crossing    string         `json:"crossing,omitempty"`
	Hexes       []string       `json:"hexes,omitempty"`
	Name        string         `json:"name,omitempty"`
	Event       string         `json:"event,omitempty"`
	Die         string         `json:"die,omitempty"`
	Entries     []TableEntry   `json:"entries,omitempty"`
	Rule        string         `json:"rule,omitempty"`
	Winner      string         `json:"winner,omitempty"`
	Level       string         `json:"level,omitempty"`
	Condition   *Condition     `json:"condition,omitempty"`
	State       map[string]any `json:"state,omitempty"`
	Option      string         `json:"option,omitempty"`
	With        *UnitFilter    `json:"with,omitempty"`
	Text        string         `json:"text,omitempty"`
}

type TableEntry struct {
	Rolls  []int  `json:"rolls"`
	Result string `json:"result"`
	Text   string `json:"text,omitempty"`
}

// Trigger releases a restriction.
type Trigger struct {
	Kind             string      `json:"kind"`
	Distance         int         `json:"distance,omitempty"`
	Of               any         `json:"of,omitempty"` // "unit", "stack", "group" or a Region object
	Enemy            *UnitFilter `json:"enemy,omitempty"`
	Turn             int         `json:"turn,omitempty"`
	Region           *Region     `json:"region,omitempty"`
	Units            *UnitFilter `json:"units,omitempty"`
	Condition        *Condition  `json:"condition,omitempty"`
	During           *TurnSpan   `json:"during,omitempty"`
	Releases         string      `json:"releases,omitempty"`
	GrantsInitiative string      `json:"grantsInitiative,omitempty"`
}

// UnitFilter selects units; every field given must match.
type UnitFilter struct {
	Side     string   `json:"side,omitempty"`
	Units    []string `json:"units,omitempty"`
	Types    []string `json:"types,omitempty"`
	Sizes    []string `json:"sizes,omitempty"`
	Commands []string `json:"commands,omitempty"`
	Marks    string   `json:"marks,omitempty"`
	Morale   string   `json:"morale,omitempty"`
	Leaders  bool     `json:"leaders,omitempty"`
	// Except leaves out units matching any of these filters.
	Except []UnitFilter `json:"except,omitempty"`
	// StartingIn selects units by where they set up.
	StartingIn *Region `json:"startingIn,omitempty"`
}

// Region is a set of locations; exactly one of its operands is set.
type Region struct {
	Hexes      []string    `json:"hexes,omitempty"`
	Mask       string      `json:"mask,omitempty"`
	AndBeyond  string      `json:"andBeyond,omitempty"`
	Feature    string      `json:"feature,omitempty"`
	MapRegion  string      `json:"mapRegion,omitempty"`
	Sheet      string      `json:"sheet,omitempty"`
	Terrain    string      `json:"terrain,omitempty"`
	Marker     string      `json:"marker,omitempty"`
	MarkerSide string      `json:"markerSide,omitempty"`
	AdjacentTo *Region     `json:"adjacentTo,omitempty"`
	WithinOf   *Within     `json:"withinOf,omitempty"`
	Path       *RegionPath `json:"path,omitempty"`
	Edge       *RegionEdge `json:"edge,omitempty"`
	Here       bool        `json:"here,omitempty"`
	All        []Region    `json:"all,omitempty"`
	Any        []Region    `json:"any,omitempty"`
	Not        *Region     `json:"not,omitempty"`
}

type Within struct {
	Distance int    `json:"distance"`
	Exactly  bool   `json:"exactly,omitempty"`
	Of       Region `json:"of"`
}

type RegionPath struct {
	Along   string   `json:"along"`
	Through []string `json:"through"`
}

type RegionEdge struct {
	Sheet string `json:"sheet"`
	Side  string `json:"side"`
	From  string `json:"from,omitempty"`
	To    string `json:"to,omitempty"`
}

// Condition is a predicate over the game state; exactly one field is set.
type Condition struct {
	Occupied            *OccupiedCond `json:"occupied,omitempty"`
	Controlled          *ControlCond  `json:"controlled,omitempty"`
	Markers             *MarkerCond   `json:"markers,omitempty"`
	Chain               *ChainCond    `json:"chain,omitempty"`
	LineOfCommunication *LOCCond      `json:"lineOfCommunication,omitempty"`
	Path                *PathCond     `json:"path,omitempty"`
	Track               *TrackCond    `json:"track,omitempty"`
	Status              *StatusCond   `json:"status,omitempty"`
	Turn                *TurnSpan     `json:"turn,omitempty"`
	Attacked            *AttackedCond `json:"attacked,omitempty"`
	Declared            *DeclaredCond `json:"declared,omitempty"`
	RRHexPathsCut       *RRCutCond    `json:"rrHexPathsCut,omitempty"`
	Consecutive         *ConsecCond   `json:"consecutive,omitempty"`
	GameEnd             bool          `json:"gameEnd,omitempty"`
	All                 []Condition   `json:"all,omitempty"`
	Any                 []Condition   `json:"any,omitempty"`
	Not                 *Condition    `json:"not,omitempty"`
}

type OccupiedCond struct {
	Units    UnitFilter `json:"units"`
	Where    Region     `json:"where"`
	Min      int        `json:"min,omitempty"`
	Distinct bool       `json:"distinct,omitempty"`
}

type ControlCond struct {
	Side  string `json:"side"`
	Where Region `json:"where"`
	Min   int    `json:"min,omitempty"`
	Rule  string `json:"rule,omitempty"`
}

type MarkerCond struct {
	Marker string  `json:"marker"`
	Side   string  `json:"side,omitempty"`
	Where  *Region `json:"where,omitempty"`
	Min    int     `json:"min,omitempty"`
}

type ChainCond struct {
	Units     UnitFilter `json:"units"`
	From      Region     `json:"from"`
	To        Region     `json:"to"`
	Inclusive *bool      `json:"inclusive,omitempty"`
}

type LOCCond struct {
	Units     UnitFilter `json:"units"`
	To        Region     `json:"to"`
	BlockedBy []Region   `json:"blockedBy,omitempty"`
}

type PathCond struct {
	Side          string  `json:"side"`
	From          Region  `json:"from"`
	To            Region  `json:"to"`
	Through       string  `json:"through,omitempty"`
	ThroughRegion *Region `json:"throughRegion,omitempty"`
}

type TrackCond struct {
	ID      string   `json:"id"`
	Offset  float64  `json:"offset,omitempty"`
	Compare string   `json:"compare"`
	Value   *float64 `json:"value,omitempty"`
	Track   string   `json:"track,omitempty"`
}

type StatusCond struct {
	ID     string   `json:"id"`
	Values []string `json:"values"`
}

type AttackedCond struct {
	Units UnitFilter `json:"units"`
}

type DeclaredCond struct {
	Event string    `json:"event"`
	Side  string    `json:"side,omitempty"`
	Turns *TurnSpan `json:"turns,omitempty"`
}

// RRCutCond holds when every RR Hex Path of Side leading into the region is
// cut for supply (TPC 9.0, 30.0).
type RRCutCond struct {
	Side string `json:"side"`
	Into Region `json:"into"`
	Rule string `json:"rule,omitempty"`
}

// ConsecCond holds when Condition held at each of the last Checks victory
// checks in a row, the current one included.
type ConsecCond struct {
	Condition Condition `json:"condition"`
	Checks    int       `json:"checks"`
}

// Victory holds a scenario's victory conditions.
type Victory struct {
	Text      string      `json:"text"`
	Scoring   string      `json:"scoring,omitempty"`
	When      string      `json:"when,omitempty"`
	Awards    []Award     `json:"awards,omitempty"`
	Automatic []Automatic `json:"automatic,omitempty"`
	Otherwise *Outcome    `json:"otherwise,omitempty"`
	Levels    *Levels     `json:"levels,omitempty"`
	Notes     []Note      `json:"notes,omitempty"`
}

// Award is one victory-point line; Kind selects which fields apply (see
// common.schema.json#/$defs/award).
type Award struct {
	ID               string           `json:"id,omitempty"`
	Kind             string           `json:"kind"`
	Text             string           `json:"text"`
	PrintedPoints    string           `json:"printedPoints,omitempty"`
	Side             string           `json:"side,omitempty"`
	Points           *float64         `json:"points,omitempty"`
	Units            *UnitFilter      `json:"units,omitempty"`
	Where            *Region          `json:"where,omitempty"`
	Count            string           `json:"count,omitempty"`
	PointsByLocation []LocationPoints `json:"pointsByLocation,omitempty"`
	HighestOnly      bool             `json:"highestOnly,omitempty"`
	First            *float64         `json:"first,omitempty"`
	Additional       *float64         `json:"additional,omitempty"`
	Max              *float64         `json:"max,omitempty"`
	MaxPerUnit       *float64         `json:"maxPerUnit,omitempty"`
	MaxPerTurn       *float64         `json:"maxPerTurn,omitempty"`
	Condition        *Condition       `json:"condition,omitempty"`
	Requires         []Condition      `json:"requires,omitempty"`
	Exclude          *Region          `json:"exclude,omitempty"`
	LossSide         string           `json:"lossSide,omitempty"`
	Causes           []string         `json:"causes,omitempty"`
	Event            string           `json:"event,omitempty"`
	Track            string           `json:"track,omitempty"`
	Counting         string           `json:"counting,omitempty"`
	WaivedIf         *Condition       `json:"waivedIf,omitempty"`
	Via              []string         `json:"via,omitempty"`
	PointsByUnit     []UnitPoints     `json:"pointsByUnit,omitempty"`
	Reductions       []Reduction      `json:"reductions,omitempty"`
	Phase            string           `json:"phase,omitempty"`
	Lines            []Award          `json:"lines,omitempty"`
	Qualifier        *Condition       `json:"qualifier,omitempty"`
	QualifierText    string           `json:"qualifierText,omitempty"`
	Adjudication     string           `json:"adjudication,omitempty"`
	Notes            []Note           `json:"notes,omitempty"`
	Source           *SourceRef       `json:"source,omitempty"`
}

type LocationPoints struct {
	Where  Region  `json:"where"`
	Points float64 `json:"points"`
}

type UnitPoints struct {
	Units  UnitFilter `json:"units"`
	Points float64    `json:"points"`
}

type Reduction struct {
	When   string  `json:"when"`
	Points float64 `json:"points"`
}

// Automatic is a result that overrides the VP count.
type Automatic struct {
	Text          string     `json:"text"`
	Winner        string     `json:"winner,omitempty"`
	Draw          bool       `json:"draw,omitempty"`
	Level         string     `json:"level,omitempty"`
	Condition     *Condition `json:"condition,omitempty"`
	Qualifier     *Condition `json:"qualifier,omitempty"`
	QualifierText string     `json:"qualifierText,omitempty"`
	Adjudication  string     `json:"adjudication,omitempty"`
	Notes         []Note     `json:"notes,omitempty"`
}

// Outcome is a result: a winner, or a draw.
type Outcome struct {
	Winner string `json:"winner,omitempty"`
	Draw   bool   `json:"draw,omitempty"`
	Level  string `json:"level,omitempty"`
}

// Levels is a victory-level table, highest band first.
type Levels struct {
	Text       string `json:"text,omitempty"`
	Thresholds string `json:"thresholds,omitempty"`
	Bands      []Band `json:"bands"`
	Notes      []Note `json:"notes,omitempty"`
}

type Band struct {
	Level   string   `json:"level"`
	Winner  string   `json:"winner"`
	Min     *float64 `json:"min,omitempty"`
	Max     *float64 `json:"max,omitempty"`
	Under   *float64 `json:"under,omitempty"` // exclusive upper bound
	Printed string   `json:"printed,omitempty"`
}
