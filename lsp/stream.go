package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"go.lsp.dev/jsonrpc2"

	"github.com/musterhq/muster/internal/readin"
)

// MaxMessage bounds one message from the client. The largest document
// muster reads (readin.MaxSize) fits in it four times over, room for the
// JSON escapes of its text. A larger message is skipped unread (its bytes
// are discarded as they arrive), never held in memory.
const MaxMessage = 4 * readin.MaxSize

// maxHeaderLine bounds one header line of a frame.
const maxHeaderLine = 4096

// frameStream is the LSP base protocol (Content-Length framing) over a byte
// stream, with bounds the library's stream lacks: a header line of at most
// maxHeaderLine bytes, and a body of at most MaxMessage bytes.
// A frame longer than MaxMessage is reported through skipped as soon as its
// header is read, then discarded as it arrives, and the next one is read:
// one oversized message does not end the session.
type frameStream struct {
	conn    io.ReadWriteCloser
	in      *bufio.Reader
	max     int64
	skipped func(size, limit int64)
}

func newFrameStream(conn io.ReadWriteCloser, skipped func(size, limit int64)) *frameStream {
	return &frameStream{conn: conn, in: bufio.NewReaderSize(conn, maxHeaderLine), max: MaxMessage, skipped: skipped}
}

func (s *frameStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	var total int64
	for {
		msg, n, err := s.read(ctx)
		total += n
		if err != errSkipped {
			return msg, total, err
		}
	}
}

var errSkipped = errors.New("skipped")

func (s *frameStream) read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	var total, length int64 = 0, -1
	for {
		line, err := s.in.ReadSlice('\n')
		total += int64(len(line))
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, total, fmt.Errorf("a frame header line is longer than %d bytes", maxHeaderLine)
		}
		if err != nil {
			if err == io.EOF && total == 0 {
				return nil, total, io.EOF // the client closed between messages
			}
			return nil, total, fmt.Errorf("reading a frame header: %w", err)
		}
		text := strings.TrimSpace(string(line))
		if text == "" {
			break
		}
		name, value, ok := strings.Cut(text, ":")
		if !ok {
			return nil, total, fmt.Errorf("a frame header line without a colon: %q", text)
		}
		if strings.EqualFold(strings.TrimSpace(name), jsonrpc2.HdrContentLength) {
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n <= 0 {
				return nil, total, fmt.Errorf("a frame with a bad Content-Length: %q", strings.TrimSpace(value))
			}
			length = n
		}
	}
	if length < 0 {
		return nil, total, errors.New("a frame without a Content-Length header")
	}
	if length > s.max {
		s.skipped(length, s.max)
		n, err := io.CopyN(io.Discard, s.in, length)
		total += n
		if err != nil {
			return nil, total, fmt.Errorf("reading a frame body of %d bytes: %w", length, err)
		}
		return nil, total, errSkipped
	}
	data := make([]byte, length)
	if _, err := io.ReadFull(s.in, data); err != nil {
		return nil, total, fmt.Errorf("reading a frame body of %d bytes: %w", length, err)
	}
	total += length
	msg, err := jsonrpc2.DecodeMessage(data)
	return msg, total, err
}

func (s *frameStream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return 0, fmt.Errorf("marshaling message: %w", err)
	}
	// One write per frame: the header and body never interleave with
	// another writer's.
	frame := make([]byte, 0, len(data)+32)
	frame = append(frame, "Content-Length: "...)
	frame = strconv.AppendInt(frame, int64(len(data)), 10)
	frame = append(frame, "\r\n\r\n"...)
	frame = append(frame, data...)
	n, err := s.conn.Write(frame)
	return int64(n), err
}

func (s *frameStream) Close() error { return s.conn.Close() }
