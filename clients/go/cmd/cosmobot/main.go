// Command cosmobot plays one seat of a Cosmodrome match over gRPC: it creates a match of
// -game and has the server's bots take the other seats, or joins the match -match; then it
// follows the match and, on each decision its seat owes, submits one of the options the
// view offers, at random, until the end (docs/clients-other-languages.md).
//
//	cosmobot -addr 127.0.0.1:50051 -game tictactoe
//	cosmobot -addr 127.0.0.1:50051 -match <match id> -seat 1
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"

	pb "cosmodrome/clients/go/gen/cosmodrome/v1"
	"cosmodrome/clients/go/play"
)

type config struct {
	addr, game, options, matchID, name string
	players, seat                      int
	seed, choices                      int64
	timeout                            time.Duration
}

func main() {
	var c config
	flag.StringVar(&c.addr, "addr", "127.0.0.1:50051", "the server's gRPC address")
	flag.StringVar(&c.game, "game", "tictactoe", "the game of the match to create")
	flag.IntVar(&c.players, "players", 0, "seats of the match to create (0: the game's minimum)")
	flag.StringVar(&c.options, "options", "",
		`GameOptions as JSON, e.g. {"cosmic": {"ruleset": "RULESET_COSMIC"}}`)
	flag.Int64Var(&c.seed, "seed", -1, "the created match's PRNG seed (-1: a random one)")
	flag.StringVar(&c.matchID, "match", "", "join this match instead of creating one")
	flag.IntVar(&c.seat, "seat", -1, "the seat to join (-1: the first open one)")
	flag.StringVar(&c.name, "name", "go bot", "the display name")
	flag.Int64Var(&c.choices, "choices", time.Now().UnixNano(), "seeds the bot's choices")
	flag.DurationVar(&c.timeout, "timeout", 0, "give up after this long (0: never)")
	flag.Parse()
	if err := run(c); err != nil {
		reason, metadata := play.Reason(err)
		fmt.Fprintf(os.Stderr, "cosmobot: %v (reason %q, metadata %v)\n", err, reason, metadata)
		os.Exit(1)
	}
}

func run(c config) error {
	ctx := context.Background()
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	// grpc.WithInsecure: plain text, for a server on loopback; over a network use
	// grpc.WithTransportCredentials(credentials.NewTLS(...)) against a TLS edge.
	conn, err := grpc.Dial(c.addr, grpc.WithInsecure())
	if err != nil {
		return err
	}
	defer conn.Close()
	lobby := pb.NewLobbyServiceClient(conn)
	seat, err := takeSeat(ctx, c, lobby)
	if err != nil {
		return err
	}
	seat.Play = pb.NewPlayServiceClient(conn)
	seat.Say = func(format string, args ...any) { fmt.Printf(format+"\n", args...) }
	rng := rand.New(rand.NewSource(c.choices))
	final, err := seat.Run(ctx, func(_ *pb.MatchView, d *pb.Decision) *pb.GameMove {
		return d.GetOptions()[rng.Intn(len(d.GetOptions()))]
	})
	if err != nil {
		return err
	}
	result := final.GetResult()
	fmt.Printf("finished %s at version %d: %s (winners %v), I am seat %d, %d resumes\n",
		final.GetMatchId(), final.GetVersion(), result.GetSummary(), result.GetWinners(),
		seat.Seat, seat.Resumes())
	return nil
}

// takeSeat joins -match, or creates a match, joins it and has the server's bots take the
// other seats (StartMatch, with the creator token of the CreateMatch reply).
func takeSeat(ctx context.Context, c config, lobby pb.LobbyServiceClient) (*play.Seat, error) {
	matchID, creatorToken := c.matchID, ""
	if matchID == "" {
		request := &pb.CreateMatchRequest{Game: c.game, Players: int32(c.players),
			Options: &pb.GameOptions{}}
		if c.options != "" {
			if err := protojson.Unmarshal([]byte(c.options), request.Options); err != nil {
				return nil, fmt.Errorf("-options: %w", err)
			}
		}
		if c.seed >= 0 {
			seed := uint64(c.seed)
			request.Seed = &seed
		}
		match, err := lobby.CreateMatch(ctx, request, grpc.WaitForReady(true))
		if err != nil {
			return nil, err
		}
		matchID, creatorToken = match.GetMatchId(), match.GetSecrets().GetCreatorToken()
		fmt.Printf("created %s (%s, %d seats)\n", matchID, c.game, match.GetPlayers())
	}
	joined, err := join(ctx, lobby, matchID, c)
	if err != nil {
		return nil, err
	}
	fmt.Printf("joined %s as seat %d\n", matchID, joined.GetSeat())
	if creatorToken != "" && joined.GetMatch().GetStatus() == pb.MatchStatus_MATCH_STATUS_WAITING {
		_, err = lobby.StartMatch(play.WithToken(ctx, creatorToken), &pb.StartMatchRequest{
			MatchId: matchID, Bots: pb.BotKind_BOT_KIND_GAME})
		if err != nil {
			return nil, err
		}
	}
	return &play.Seat{MatchID: matchID, Seat: joined.GetSeat(), Token: joined.GetSeatToken()},
		nil
}

// join takes the seat, resending the request with its request_id while the server cannot be
// reached: a resend gets the same seat and token, and takes no other seat.
func join(ctx context.Context, lobby pb.LobbyServiceClient, matchID string, c config) (
	*pb.JoinMatchResponse, error) {
	request := &pb.JoinMatchRequest{MatchId: matchID, DisplayName: c.name,
		RequestId: play.NewKey()}
	if c.seat >= 0 {
		seat := int32(c.seat)
		request.Seat = &seat
	}
	for attempt := 1; ; attempt++ {
		joined, err := lobby.JoinMatch(ctx, request, grpc.WaitForReady(true))
		if status.Code(err) != codes.Unavailable || attempt == 8 {
			return joined, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}
