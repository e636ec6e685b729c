package play

import (
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/status"
)

// Reason is the google.rpc.ErrorInfo of a refusal (the grpc-status-details-bin trailer):
// its reason (a rule's name such as "cell_empty" for FAILED_PRECONDITION, STALE_VERSION for
// ABORTED, ...) and metadata (current_version, retry_after_ms, ...). Empty when the error
// carries none (a proxy's own refusal, a dropped connection).
func Reason(err error) (string, map[string]string) {
	for _, detail := range status.Convert(err).Details() {
		if info, ok := detail.(*errdetails.ErrorInfo); ok {
			return info.GetReason(), info.GetMetadata()
		}
	}
	return "", nil
}
