#!/usr/bin/env node
// The `gatehouse` command. It lives outside dist/ so that npm can link it when installing,
// before the build has made the bundle it runs (packages/server/bundle.mjs).
import '../dist/gatehouse.mjs';
