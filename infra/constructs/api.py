"""HTTP API (API Gateway v2) in front of the api function.

Two kinds of caller, three routes:
- end users: `ANY /v1/{proxy+}` behind a JWT authorizer (the caller's IdP);
- trusted backends acting for a user: `ANY /v1/users/{userId}/{proxy+}` (and the
  knowledge base, `ANY /v1/kb/{proxy+}`) with
  IAM (SigV4) authorization — more specific, so API Gateway matches it first.
The OpenAI-compatible door has the same two: `ANY /openai/v1/{proxy+}` (JWT) and
`ANY /openai/backend/v1/{proxy+}` (IAM).
Two routes have no authorizer: the LINE webhook (which verifies X-Line-Signature itself,
added with its handler) and `GET /inspector` + `GET /inspector/{name}`, the memory inspector's
static files (no data; the page calls the authorized /v1 routes with the user's token).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

import jsii
from aws_cdk import CfnOutput, RemovalPolicy
from aws_cdk import aws_apigateway as apigw_v1
from aws_cdk import aws_apigatewayv2 as apigw
from aws_cdk import aws_apigatewayv2_authorizers as authorizers
from aws_cdk import aws_apigatewayv2_integrations as integrations
from aws_cdk import aws_logs as logs
from constructs import Construct

from infra.config import EnvConfig, Throttle
from infra.constructs.function import EngramFunction, SharedRuntime, log_retention
from infra.deployable import ConfigError
from infra.nag import acknowledge

# No request/response bodies, no identities beyond the JWT subject: logs never carry content (§9).
_ACCESS_LOG_FORMAT = json.dumps(
    {
        "requestId": "$context.requestId",
        "ip": "$context.identity.sourceIp",
        "userAgent": "$context.identity.userAgent",
        "requestTime": "$context.requestTime",
        "routeKey": "$context.routeKey",
        "status": "$context.status",
        "protocol": "$context.protocol",
        "responseLength": "$context.responseLength",
        "latencyMs": "$context.responseLatency",
        "integrationLatencyMs": "$context.integrationLatency",
        "integrationError": "$context.integrationErrorMessage",
        "authorizerError": "$context.authorizer.error",
        "jwtSub": "$context.authorizer.claims.sub",
    }
)


@jsii.implements(apigw.IAccessLogSettings)
class _AccessLogs:
    def __init__(self, log_group: logs.ILogGroup) -> None:
        self._destination = apigw.LogGroupLogDestination(log_group)

    @property
    def destination(self) -> apigw.IAccessLogDestination:
        return self._destination

    @property
    def format(self) -> apigw_v1.AccessLogFormat:
        return apigw_v1.AccessLogFormat.custom(_ACCESS_LOG_FORMAT)


class EngramApi(Construct):
    def __init__(self, scope: Construct, cid: str, *, cfg: EnvConfig, shared: SharedRuntime) -> None:
        super().__init__(scope, cid)
        self.handler = EngramFunction(
            self,
            "ApiFunction",
            cfg=cfg,
            handler="api.handler.lambda_handler",
            description="Engram HTTP API and LINE webhook (Powertools APIGatewayHttpResolver)",
            sizing=cfg.api,
            shared=shared,
        )
        self.http_api = apigw.HttpApi(
            self,
            "HttpApi",
            api_name=f"{cfg.prefix}-api",
            description=f"Engram memory API ({cfg.name})",
            create_default_stage=False,  # our own stage, to set access logs and throttling
        )
        access_logs = logs.LogGroup(
            self,
            "AccessLogs",
            retention=log_retention(cfg.log_retention_days),
            removal_policy=RemovalPolicy.RETAIN if cfg.retain_data else RemovalPolicy.DESTROY,
        )
        self.stage = apigw.HttpStage(
            self,
            "DefaultStage",
            http_api=self.http_api,
            stage_name="$default",
            auto_deploy=True,
            access_log_settings=_AccessLogs(access_logs),
            throttle=apigw.ThrottleSettings(rate_limit=cfg.api_throttle_rate, burst_limit=cfg.api_throttle_burst),
        )
        integration = integrations.HttpLambdaIntegration("Api", self.handler.target)  # the alias, if published
        jwt = authorizers.HttpJwtAuthorizer(
            "EndUserJwt",
            cfg.jwt_issuer,
            jwt_audience=list(cfg.jwt_audience),
            identity_source=["$request.header.Authorization"],
        )
        self.http_api.add_routes(
            path="/v1/{proxy+}", methods=[apigw.HttpMethod.ANY], integration=integration, authorizer=jwt
        )
        self.http_api.add_routes(
            path="/v1/users/{userId}/{proxy+}",
            methods=[apigw.HttpMethod.ANY],
            integration=integration,
            authorizer=authorizers.HttpIamAuthorizer(),
        )
        self.http_api.add_routes(
            path="/v1/kb/{proxy+}",  # the tenant knowledge base (L8): trusted backends only
            methods=[apigw.HttpMethod.ANY],
            integration=integration,
            authorizer=authorizers.HttpIamAuthorizer(),
        )
        # The OpenAI-compatible door (functions/api/routes/openai_compat.py): one authorizer per
        # route, so end users (the OpenAI client's api_key is their JWT) and backends (SigV4,
        # X-Engram-User) have a path each. Responses are buffered: no server-sent events as they happen.
        self.http_api.add_routes(
            path="/openai/v1/{proxy+}", methods=[apigw.HttpMethod.ANY], integration=integration, authorizer=jwt
        )
        self.http_api.add_routes(
            path="/openai/backend/v1/{proxy+}",
            methods=[apigw.HttpMethod.ANY],
            integration=integration,
            authorizer=authorizers.HttpIamAuthorizer(),
        )
        self.anonymous_routes: list[apigw.HttpRoute] = []  # no authorizer: throttled per route (throttle_routes)
        for path in ("/inspector", "/inspector/{name}"):
            for route in self.http_api.add_routes(path=path, methods=[apigw.HttpMethod.GET], integration=integration):
                self.anonymous_routes.append(route)
                acknowledge(
                    route,
                    "APIG4",
                    "The memory inspector's static files (HTML, CSS, JavaScript shipped in the code): no data and "
                    "no user's content in any answer, so no authorizer; every data call the page makes carries the "
                    "user's bearer token to the JWT-authorized /v1 routes.",
                )
        self.url = self.stage.url
        CfnOutput(self, "ApiUrl", value=self.stage.url)

    def throttle_routes(self, throttles: Mapping[str, Throttle], routes: Iterable[apigw.HttpRoute]) -> None:
        """Each route key in `throttles` gets its own bucket on the stage (route settings), under the
        stage-wide one. Called once every route exists: the stage names them, so it depends on them."""
        by_key = {_route_key(route): route for route in routes}
        unknown = sorted(set(throttles) - set(by_key))
        if unknown:
            raise ConfigError(f"route_throttles names routes the API does not have: {unknown} (has {sorted(by_key)})")
        stage = self.stage.node.default_child
        assert isinstance(stage, apigw.CfnStage)
        # RouteSettings is Json in CloudFormation: a typed struct would be written in camelCase
        stage.add_property_override(
            "RouteSettings",
            {key: {"ThrottlingRateLimit": t.rate, "ThrottlingBurstLimit": t.burst} for key, t in throttles.items()},
        )
        for key in throttles:
            self.stage.node.add_dependency(by_key[key])


def _route_key(route: apigw.HttpRoute) -> str:
    cfn = route.node.default_child
    assert isinstance(cfn, apigw.CfnRoute)
    return cfn.route_key
