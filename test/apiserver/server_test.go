package apiserver

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	servertesting "k8s.io/apiextensions-apiserver/pkg/cmd/server/testing"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/rest"

	"github.com/validation-gen/validation-gen/internal/tempmod"
)

// server is a real apiextensions-apiserver, in this process, on an embedded etcd, both on the
// loopback interface only.
type server struct {
	config *rest.Config
	http   *http.Client
	ext    apiextclient.Interface
}

// startServer starts etcd and the API server; both stop when the test ends.
func startServer(t *testing.T) *server {
	t.Helper()
	etcdURL := startEtcd(t)
	// The delegated authentication and authorization need a kubeconfig to start; no request is
	// ever sent to it (lookups are skipped), and it names a closed port on the loopback interface.
	kubeconfig := filepath.Join(t.TempDir(), "kubeconfig")
	tempmod.WriteFile(t, kubeconfig, []byte(`apiVersion: v1
kind: Config
clusters:
- cluster: {server: "http://127.0.0.1:9"}
  name: unused
contexts:
- context: {cluster: unused, user: unused}
  name: unused
current-context: unused
users:
- name: unused
  user: {username: unused, password: unused}
`))
	flags := []string{
		"--etcd-servers", etcdURL,
		"--etcd-prefix", "/validation-gen-test",
		"--authentication-skip-lookup",
		"--authentication-kubeconfig", kubeconfig,
		"--authorization-kubeconfig", kubeconfig,
		"--kubeconfig", kubeconfig,
		// No namespaces are served here, and no webhooks or policies take part.
		"--disable-admission-plugins", "NamespaceLifecycle,MutatingAdmissionWebhook,ValidatingAdmissionWebhook,ValidatingAdmissionPolicy,MutatingAdmissionPolicy",
	}
	ts, err := servertesting.StartTestServer(t, servertesting.NewDefaultTestServerOptions(), flags, nil)
	if err != nil {
		t.Fatalf("starting apiextensions-apiserver: %v", err)
	}
	t.Cleanup(ts.TearDownFn)
	cfg := rest.CopyConfig(ts.ClientConfig)
	cfg.QPS, cfg.Burst = 10000, 10000
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ext, err := apiextclient.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &server{config: cfg, http: hc, ext: ext}
}

// startEtcd starts an embedded etcd listening on 127.0.0.1 only and returns its client URL.
func startEtcd(t *testing.T) string {
	t.Helper()
	cfg := embed.NewConfig()
	cfg.UnsafeNoFsync = true
	ports := freePorts(t, 2)
	client := url.URL{Scheme: "http", Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[0]))}
	peer := url.URL{Scheme: "http", Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[1]))}
	cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{client}, []url.URL{client}
	cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{peer}, []url.URL{peer}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zaptest.NewLogger(t, zaptest.Level(zapcore.ErrorLevel)).Named("etcd"))
	cfg.Dir = t.TempDir()
	if err := os.Chmod(cfg.Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		t.Fatalf("starting etcd: %v", err)
	}
	t.Cleanup(e.Close)
	select {
	case <-e.Server.ReadyNotify():
	case <-time.After(60 * time.Second):
		e.Server.Stop()
		t.Fatal("etcd took too long to start")
	}
	return client.String()
}

func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	var ls []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// installCRD creates or replaces a CRD and waits until its versions are served with its schema.
func (s *server) installCRD(t *testing.T, crd *apiextv1.CustomResourceDefinition) {
	t.Helper()
	ctx := context.Background()
	crd = crd.DeepCopy()
	existing, err := s.ext.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, crd.Name, metav1.GetOptions{})
	switch {
	case apierrors.IsNotFound(err):
		if _, err := s.ext.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, crd, metav1.CreateOptions{}); err != nil {
			t.Fatalf("creating CRD %s: %v", crd.Name, err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		crd.ResourceVersion = existing.ResourceVersion
		if _, err := s.ext.ApiextensionsV1().CustomResourceDefinitions().Update(ctx, crd, metav1.UpdateOptions{}); err != nil {
			t.Fatalf("updating CRD %s: %v", crd.Name, err)
		}
	}
	err = wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, time.Minute, true, func(ctx context.Context) (bool, error) {
		c, err := s.ext.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, crd.Name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		for _, cond := range c.Status.Conditions {
			if cond.Type == apiextv1.Established && cond.Status == apiextv1.ConditionTrue {
				return true, nil
			}
		}
		return false, nil
	})
	if err != nil {
		t.Fatalf("CRD %s not established: %v", crd.Name, err)
	}
}

// response is the server's answer to one request.
type response struct {
	code   int
	status *metav1.Status // for a failure
	body   []byte
	// warnings are the Warning headers' texts.
	warnings []string
}

// send sends one request: method to path (under the server's host) with body of contentType.
func (s *server) send(t *testing.T, method, path, contentType string, body []byte) response {
	t.Helper()
	req, err := http.NewRequest(method, s.config.Host+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Accept", "application/json")
	resp, err := s.http.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	r := response{code: resp.StatusCode, body: data}
	for _, w := range resp.Header.Values("Warning") {
		r.warnings = append(r.warnings, warningText(w))
	}
	if resp.StatusCode >= 300 {
		var st metav1.Status
		if err := json.Unmarshal(data, &st); err != nil {
			t.Fatalf("%s %s: status %d, body %q", method, path, resp.StatusCode, data)
		}
		r.status = &st
	}
	return r
}

// warningText is the text of a Warning header: 299 - "text".
func warningText(h string) string {
	if i := bytes.IndexByte([]byte(h), '"'); i >= 0 {
		if s, err := strconv.Unquote(h[i:]); err == nil {
			return s
		}
	}
	return h
}
