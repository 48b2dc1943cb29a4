#!/usr/bin/env bash
# pgvector is not packaged for bookworm's PostgreSQL 15: build Debian trixie's source package
# against the local server (about 40 s). Skipped when the extension is already available.
set -euo pipefail
available=$(psql -h 127.0.0.1 -U postgres -tAc "select count(*) from pg_available_extensions where name = 'vector'" postgres 2>/dev/null || echo 0)
[ "$available" = "1" ] && { echo "ci: pgvector already available"; exit 0; }

pg_major=$(ls /etc/postgresql | sort -n | tail -n1)
apt-get install -y -qq --no-install-recommends "postgresql-server-dev-${pg_major}" dpkg-dev make gcc >/dev/null

# The same mirror the machine already uses, asked for trixie's sources in a private list.
mirror=$(grep -h -m1 '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}' || true)
[ -n "$mirror" ] || mirror=$(grep -h -m1 '^deb ' /etc/apt/sources.list | awk '{print $2}')
work=$(mktemp -d)
mkdir -p "$work/lists/partial"
cat > "$work/trixie-src.sources" <<SRC
Types: deb-src
URIs: ${mirror}
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
apt_private=(-o "Dir::Etc::SourceList=$work/trixie-src.sources" -o Dir::Etc::SourceParts=/dev/null -o "Dir::State::Lists=$work/lists")
apt-get "${apt_private[@]}" update -qq
(cd "$work" && apt-get "${apt_private[@]}" source --download-only -qq pgvector >/dev/null 2>&1)
tar -xzf "$work"/pgvector_*.orig.tar.gz -C "$work"
make -s -C "$work"/pgvector-*/ OPTFLAGS="" PG_CONFIG="/usr/lib/postgresql/${pg_major}/bin/pg_config" >/dev/null
make -s -C "$work"/pgvector-*/ install PG_CONFIG="/usr/lib/postgresql/${pg_major}/bin/pg_config" >/dev/null
rm -rf "$work"
echo "ci: pgvector built and installed for PostgreSQL ${pg_major}"
