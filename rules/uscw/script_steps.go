package uscw

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/musterhq/muster/rules"
)

// The script steps of the Special Action Cards (cards.go) and the Leader
// Transfer (transfer.go).

// playCard is "play": "card": value the card's number, key its use (action,
// battle with at, cautious with unit).
func (d *scriptDriver) playCard(s *rules.Step) error {
	g := d.g
	if s.Key == "reshuffle" || s.Key == "draw" {
		return g.answerCards(s.Key, 0) // 18.3.3
	}
	n, err := strconv.Atoi(fmt.Sprint(s.Value))
	if err != nil {
		return fmt.Errorf("play card: value is the card's number, not %v", s.Value)
	}
	var at rules.Point
	if s.Key == "battle" || s.Key == "bombard" {
		if at, err = g.e.b.locate(s.At); err != nil {
			return fmt.Errorf("play card %d battle: at: %w", n, err)
		}
	}
	if s.Key == "discard" {
		return g.answerCards(s.Key, n) // 18.2
	}
	return g.playCard(n, s.Key, at, s.Unit)
}

// setState is "do": "state" on a deck (unit: its id; set hand: the card
// numbers, "1,4", or "" for none).
func (d *scriptDriver) setState(s *rules.Step) error {
	g := d.g
	side := g.e.deckSide[s.Unit]
	if side == "" {
		return fmt.Errorf("do state: unit %q is no deck of Special Action Cards", s.Unit)
	}
	v, ok := s.Set["hand"]
	if !ok || len(s.Set) != 1 {
		return fmt.Errorf("do state %s: set hand, the card numbers held (\"1,4\")", s.Unit)
	}
	var nums []int
	for _, f := range strings.Split(fmt.Sprint(v), ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil {
			return fmt.Errorf("do state %s: hand %q: card numbers separated by commas", s.Unit, v)
		}
		nums = append(nums, n)
	}
	return g.setHand(side, nums)
}

// transfer is "play": "transfer": unit to to, and set {GENERAL: SPACE}
// for a second General (16.6.2).
func (d *scriptDriver) transfer(s *rules.Step) error {
	b := d.g.e.b
	to, err := b.locate(s.To)
	if err != nil {
		return fmt.Errorf("transfer %s: to: %w", s.Unit, err)
	}
	orders := []transferOrder{{general: s.Unit, to: to}}
	for id, v := range s.Set {
		p, err := b.locate(fmt.Sprint(v))
		if err != nil {
			return fmt.Errorf("transfer %s: %w", id, err)
		}
		orders = append(orders, transferOrder{general: id, to: p})
	}
	return d.g.transfer(orders)
}
