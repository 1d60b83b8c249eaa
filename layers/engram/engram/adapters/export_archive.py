"""P2: where large exports are kept for a day: S3 in AWS (the bucket encrypts, its lifecycle
rule deletes after a day; a presigned GET is the link), a directory locally (a file:// link)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engram.adapters import local_files
from engram.kernel.errors import StoreUnavailable


class LocalExportArchive:
    def __init__(self, directory: Path) -> None:
        self._dir = directory.absolute()

    def put(self, key: str, body: bytes) -> None:
        # the user's data: owner-only, and whole (a link opened meanwhile never shows half of it)
        local_files.replace(self._dir / key, body)

    def link(self, key: str, ttl_s: int) -> str:
        return (self._dir / key).as_uri()

    def delete(self, key: str) -> None:
        (self._dir / key).unlink(missing_ok=True)


class S3ExportArchive:
    def __init__(self, bucket: str, region: str, client: Any = None) -> None:
        self._bucket = bucket
        self._region = region
        self._client = client

    @property
    def client(self) -> Any:
        if self._client is None:
            import boto3
            from botocore.config import Config

            self._client = boto3.client("s3", region_name=self._region, config=Config(signature_version="s3v4"))
        return self._client

    def put(self, key: str, body: bytes) -> None:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            self.client.put_object(Bucket=self._bucket, Key=key, Body=body, ContentType="application/json")
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the export archive is unavailable", details={"cause": type(exc).__name__}) from exc

    def delete(self, key: str) -> None:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            self.client.delete_object(Bucket=self._bucket, Key=key)
        except (BotoCoreError, ClientError) as exc:
            raise StoreUnavailable("the export archive is unavailable", details={"cause": type(exc).__name__}) from exc

    def link(self, key: str, ttl_s: int) -> str:
        url: str = self.client.generate_presigned_url(
            "get_object", Params={"Bucket": self._bucket, "Key": key}, ExpiresIn=ttl_s
        )
        return url
