"""deploy/k8s would run on a real cluster (issue 24): a registry image with a version, pods
that run as a non-root user on a read-only root filesystem with nothing to escalate,
requests and limits, probes, a PodDisruptionBudget and autoscaling for each Deployment."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")

K8S = Path(__file__).parents[2] / "deploy" / "k8s"


def documents() -> list[dict]:
    return [doc for doc in yaml.safe_load_all((K8S / "cosmodrome.yaml").read_text()) if doc]


def deployments() -> list[dict]:
    return [doc for doc in documents() if doc["kind"] == "Deployment"]


def containers(deployment: dict) -> list[dict]:
    return deployment["spec"]["template"]["spec"]["containers"]


def test_every_image_names_a_registry_and_a_version():
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    pinned = {image["name"]: image for image in kustomization["images"]}
    for deployment in deployments():
        for container in containers(deployment):
            name, _, tag = container["image"].rpartition(":")
            assert "/" in name and "." in name.split("/")[0], container["image"]  # a registry
            assert tag and tag != "latest", container["image"]
            assert name in pinned  # `kustomize edit set image` points it at yours


def test_pods_run_as_non_root_on_a_read_only_root_filesystem():
    for deployment in deployments():
        pod = deployment["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True
        assert pod["securityContext"]["runAsUser"] > 0
        assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
        assert pod["automountServiceAccountToken"] is False
        for container in containers(deployment):
            context = container["securityContext"]
            assert context["readOnlyRootFilesystem"] is True
            assert context["allowPrivilegeEscalation"] is False
            assert context["capabilities"]["drop"] == ["ALL"]
            # the only writable place: an emptyDir for temporary files (Envoy's config)
            mounts = {m["mountPath"]: m["name"] for m in container.get("volumeMounts", [])}
            assert mounts.get("/tmp") in {v["name"] for v in pod["volumes"] if "emptyDir" in v}


def test_the_image_runs_as_the_same_numeric_user():
    dockerfile = (K8S.parent / "Dockerfile").read_text()
    users = {d["spec"]["template"]["spec"]["securityContext"]["runAsUser"]
             for d in deployments()}
    assert f"USER {users.pop()}:" in dockerfile and not users


def test_the_image_installs_the_server_alone():
    """The client is not in the image: nothing of the server imports it."""
    assert "clients/" not in (K8S.parent / "Dockerfile").read_text()
    server = K8S.parents[1] / "server" / "cosmodrome"
    for path in server.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.split(".")[0] == "cosmodrome_client" for n in names), path


def test_every_container_has_resources_and_probes():
    for deployment in deployments():
        for container in containers(deployment):
            assert {"cpu", "memory"} <= set(container["resources"]["requests"])
            assert "memory" in container["resources"]["limits"]
            assert "readinessProbe" in container and "livenessProbe" in container


def test_every_deployment_has_a_disruption_budget_and_an_autoscaler():
    kinds: dict[str, set[str]] = {}
    for doc in documents():
        if doc["kind"] == "PodDisruptionBudget":
            kinds.setdefault(doc["spec"]["selector"]["matchLabels"]["app"], set()).add("pdb")
        if doc["kind"] == "HorizontalPodAutoscaler":
            kinds.setdefault(doc["spec"]["scaleTargetRef"]["name"], set()).add("hpa")
    for deployment in deployments():
        name = deployment["metadata"]["name"]
        assert deployment["spec"]["template"]["metadata"]["labels"]["app"] == name
        assert kinds.get(name) == {"pdb", "hpa"}, name


def test_the_edge_keeps_the_admin_api_off_its_public_port():
    edge = next(d for d in deployments() if d["metadata"]["name"] == "cosmodrome-edge")
    command = " ".join(containers(edge)[0]["command"])
    assert "--admin-api-port" not in command or "--admin-api-host 127.0.0.1" in command
