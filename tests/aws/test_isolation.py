"""The sandbox every AWS test runs in: clients reach moto, nothing else leaves the machine."""

from __future__ import annotations

import socket

import boto3
import pytest
from pytest_socket import SocketConnectBlockedError

from tests.aws.conftest import ACCESS_KEY
from tests.aws.moto_endpoint import MotoEndpoint


def test_a_client_built_like_the_adapters_build_theirs_talks_to_moto(aws_sandbox: MotoEndpoint) -> None:
    client = boto3.client("sqs", region_name="us-east-1")  # as SqsFifoQueue does: no endpoint, no keys
    assert client.meta.endpoint_url == aws_sandbox.url
    client.list_queues()
    (call,) = aws_sandbox.log.of("sqs", "ListQueues")
    assert f"Credential={ACCESS_KEY}/" in call.headers["authorization"]


@pytest.mark.filterwarnings("ignore:A test tried to use socket.socket.connect")
def test_a_connection_off_the_machine_is_refused_before_it_is_made() -> None:
    with pytest.raises(SocketConnectBlockedError), socket.socket() as sock:
        sock.connect(("192.0.2.1", 443))  # TEST-NET-1: not loopback
