#!/usr/bin/env bash
# Create the Secret `atende-secrets` every Atende pod reads (docs/operations.md "Secrets").
#
#   deploy/k8s/create-secret.sh --namespace atende-dev
#   deploy/k8s/create-secret.sh --namespace atende --database-url 'postgres://atende:…@db.internal:5432/atende?sslmode=require'
#
# Keys (the manifests reference exactly these; deploy/k8s/manifests.test.ts checks it):
#   DATABASE_URL       every service (not the gateway); default: the in-cluster PostgreSQL
#   POSTGRES_PASSWORD  the in-cluster PostgreSQL (dev); unused with an external database
#   JWT_PRIVATE_KEY    auth only: ES256 (P-256) private key, PKCS#8 PEM, signs access tokens
#   JWT_PUBLIC_KEY     every service and the gateway: its SPKI PEM, verifies them
#   MEDIA_SIGNING_KEY  every service: HMAC key of signed media links (64 hex chars)
#   ADMIN_PASSWORD     auth: the super user's password, used on the first start only
#
# Options: --namespace NS (default atende-dev), --database-url URL, --admin-password PW,
# --keys-dir DIR (use DIR/private.pem and DIR/public.pem instead of generating a pair),
# --print (write the Secret as YAML to stdout instead of creating it).
# Needs openssl and kubectl. It refuses to replace an existing Secret: a new POSTGRES_PASSWORD
# would not match an initialized database, and a new key pair logs every user out.
set -euo pipefail

namespace=atende-dev
database_url=""
admin_password=""
keys_dir=""
print=""
while [ $# -gt 0 ]; do
  case "$1" in
    --namespace) namespace="$2"; shift 2 ;;
    --database-url) database_url="$2"; shift 2 ;;
    --admin-password) admin_password="$2"; shift 2 ;;
    --keys-dir) keys_dir="$2"; shift 2 ;;
    --print) print=1; shift ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done

if [ -z "$print" ] && kubectl get secret atende-secrets --namespace "$namespace" >/dev/null 2>&1; then
  echo "atende-secrets already exists in namespace $namespace; delete it first if you mean to replace it." >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -n "$keys_dir" ]; then
  cp "$keys_dir/private.pem" "$work/jwt-private.pem"
  cp "$keys_dir/public.pem" "$work/jwt-public.pem"
else
  openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out "$work/jwt-private.pem"
  openssl ec -in "$work/jwt-private.pem" -pubout -out "$work/jwt-public.pem" 2>/dev/null
fi

postgres_password=$(openssl rand -hex 24)
if [ -z "$database_url" ]; then
  # The in-cluster PostgreSQL of the base (Service postgres, database and user atende).
  database_url="postgres://atende:${postgres_password}@postgres:5432/atende"
fi
generated_admin=""
if [ -z "$admin_password" ]; then
  admin_password=$(openssl rand -base64 24 | tr -d '/+=' | cut -c1-20)
  generated_admin=1
fi
if [ "${#admin_password}" -lt 8 ]; then
  echo "--admin-password must be at least 8 characters" >&2
  exit 2
fi

secret() {
  kubectl create secret generic atende-secrets --namespace "$namespace" --dry-run=client -o yaml \
    --from-literal=DATABASE_URL="$database_url" \
    --from-literal=POSTGRES_PASSWORD="$postgres_password" \
    --from-file=JWT_PRIVATE_KEY="$work/jwt-private.pem" \
    --from-file=JWT_PUBLIC_KEY="$work/jwt-public.pem" \
    --from-literal=MEDIA_SIGNING_KEY="$(openssl rand -hex 32)" \
    --from-literal=ADMIN_PASSWORD="$admin_password"
}

if [ -n "$print" ]; then
  secret
  exit 0
fi

kubectl get namespace "$namespace" >/dev/null 2>&1 || kubectl create namespace "$namespace"
secret | kubectl create -f -
echo "created secret atende-secrets in namespace $namespace" >&2
if [ -n "$generated_admin" ]; then
  echo "super user password (shown once): $admin_password" >&2
fi
