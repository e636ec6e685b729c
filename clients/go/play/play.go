// Package play follows a Cosmodrome match and plays one seat of it, the way any client of
// the gRPC contract must (docs/clients-other-languages.md): the seat token in the
// `authorization` metadata, the WatchMatch stream resumed from the last version seen after a
// disconnect, every move sent with an idempotency key and resent with the same key while
// the server cannot be reached.
package play

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "cosmodrome/clients/go/gen/cosmodrome/v1"
)

// Chooser picks one of the options of a decision the seat owes (all legal moves).
type Chooser func(view *pb.MatchView, decision *pb.Decision) *pb.GameMove

// Seat acts for one seat of a match.
type Seat struct {
	Play    pb.PlayServiceClient
	MatchID string
	Seat    int32
	Token   string
	// Say receives a line per event worth telling (moves, resumes); nil: silent.
	Say func(format string, args ...any)

	last    int64          // the newest version the watch delivered
	floor   int64          // the version my last move produced: older views are stale
	acted   map[int64]bool // versions already acted on
	resumes int
}

// WithToken is ctx carrying `authorization: Bearer <token>`, as every call for a seat (or,
// with the creator token, for the match's creator) must.
func WithToken(ctx context.Context, token string) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
}

// Resumes is how many times the watch was reopened after a disconnect.
func (s *Seat) Resumes() int { return s.resumes }

// Run plays the seat to the end of its match and returns the finished match.
func (s *Seat) Run(ctx context.Context, choose Chooser) (*pb.Match, error) {
	s.acted = map[int64]bool{}
	ctx = WithToken(ctx, s.Token)
	for failures := 0; ; failures++ {
		before := s.last
		match, err := s.follow(ctx, choose)
		if match != nil {
			return match, nil
		}
		if !resumable(err) || ctx.Err() != nil {
			return nil, err
		}
		if s.last > before {
			failures = 0 // it got somewhere: this drop is a first one again
		}
		s.resumes++
		s.say("watch lost at version %d (%v): resuming", s.last, err)
		select { // back off a little, more after each failure in a row
		case <-time.After(backoff(failures, 2*time.Second)):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// follow acts on the current view, then on every update after the last version seen; it
// returns the match once finished, or the error that ended the stream.
func (s *Seat) follow(ctx context.Context, choose Chooser) (*pb.Match, error) {
	// The view first: after a reconnect, a decision owed at the last version seen would
	// otherwise wait for a next update that may never come.
	view, err := s.Play.GetView(ctx, &pb.GetViewRequest{MatchId: s.MatchID},
		grpc.WaitForReady(true))
	if err != nil {
		return nil, err
	}
	if done := s.act(ctx, view, choose); done != nil {
		return done, nil
	}
	stream, err := s.Play.WatchMatch(ctx, &pb.WatchMatchRequest{
		MatchId: s.MatchID, FromVersion: s.last}, grpc.WaitForReady(true))
	if err != nil {
		return nil, err
	}
	for {
		update, err := stream.Recv()
		if err == io.EOF {
			return nil, status.Error(codes.Unavailable, "watch stream ended early")
		}
		if err != nil {
			return nil, err
		}
		version := update.GetEntry().GetVersion()
		if version <= s.last {
			continue // already seen before a reconnect
		}
		s.last = version
		if update.View != nil {
			if done := s.act(ctx, update.View, choose); done != nil {
				return done, nil
			}
		}
	}
}

// act submits a move when `view` shows this seat owing a decision; it returns the match
// when the view shows it finished. At most one move per version, none on a stale view.
func (s *Seat) act(ctx context.Context, view *pb.MatchView, choose Chooser) *pb.Match {
	match := view.GetMatch()
	if match.GetStatus() == pb.MatchStatus_MATCH_STATUS_FINISHED {
		return match
	}
	version := match.GetVersion()
	if version < s.floor || s.acted[version] {
		return nil
	}
	for _, decision := range view.GetDecisions() {
		if decision.GetSeat() != s.Seat || len(decision.GetOptions()) == 0 {
			continue // another seat's, or a bare notice
		}
		s.acted[version] = true
		move := choose(view, decision)
		reply, err := s.submit(ctx, version, move)
		switch {
		case err == nil:
			if reply.GetVersion() > s.floor {
				s.floor = reply.GetVersion()
			}
			s.say("seat %d moved %s: version %d", s.Seat, decision.GetKind(), reply.GetVersion())
		case status.Code(err) == codes.Aborted, status.Code(err) == codes.FailedPrecondition:
			// STALE_VERSION, or the decision went away (another seat or a deadline got
			// there first): a newer update is on its way, decide on that one.
			reason, _ := Reason(err)
			s.say("seat %d: move at version %d refused (%s)", s.Seat, version, reason)
		default:
			s.say("seat %d: move at version %d failed: %v", s.Seat, version, err)
		}
		return nil
	}
	return nil
}

// submit sends the move, resending it with the same idempotency key while the outcome is
// unknown (the server unreachable, the call cut): the server applies it at most once and
// answers a resend with the first result.
func (s *Seat) submit(ctx context.Context, version int64, move *pb.GameMove) (
	*pb.SubmitMoveResponse, error) {
	request := &pb.SubmitMoveRequest{MatchId: s.MatchID, ExpectedVersion: version,
		IdempotencyKey: NewKey(), Move: move}
	for attempt := 0; ; attempt++ {
		call, cancel := context.WithTimeout(ctx, 10*time.Second)
		reply, err := s.Play.SubmitMove(call, request, grpc.WaitForReady(true))
		cancel()
		if err == nil || !transient(err) || attempt == 8 || ctx.Err() != nil {
			return reply, err
		}
		s.say("seat %d: move at version %d: %v; resending it", s.Seat, version, err)
		time.Sleep(backoff(attempt, time.Second))
	}
}

func (s *Seat) say(format string, args ...any) {
	if s.Say != nil {
		s.Say(format, args...)
	}
}

// NewKey is a random idempotency key (32 hex characters; the server takes up to 128).
func NewKey() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("no randomness: %v", err))
	}
	return hex.EncodeToString(b)
}

// resumable: the stream was dropped, not refused (reopen it from the last version seen).
func resumable(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.Canceled, codes.DeadlineExceeded, codes.Unknown,
		codes.Internal, codes.ResourceExhausted:
		return true
	}
	return false
}

// transient: a move that failed so may or may not have been applied.
func transient(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.Canceled, codes.DeadlineExceeded:
		return true
	}
	return false
}

// backoff is 50 ms doubled per attempt, up to `ceiling`.
func backoff(attempt int, ceiling time.Duration) time.Duration {
	if attempt > 6 {
		attempt = 6
	}
	if wait := 50 * time.Millisecond << attempt; wait < ceiling {
		return wait
	}
	return ceiling
}
