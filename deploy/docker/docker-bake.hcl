# docker buildx bake -f deploy/docker/docker-bake.hcl [--push] [target...]
#   REGISTRY=registry.example.com/meetings VERSION=1.4.0 REVISION=$(git rev-parse HEAD) \
#     docker buildx bake -f deploy/docker/docker-bake.hcl --push svc-meetings
# Every image gets an explicit version tag (never `latest`). Teams release alone: build and push
# only your target with your version.

variable "REGISTRY" { default = "registry.example.com/meetings" }
variable "VERSION" { default = "0.1.0" }
variable "REVISION" { default = "unknown" }
variable "CREATED" { default = "" }

group "default" {
  targets = ["services", "gateway", "frontends"]
}

target "_common" {
  context    = "."
  dockerfile = "deploy/docker/Dockerfile"
  platforms  = ["linux/amd64", "linux/arm64"]
  args = {
    VERSION  = VERSION
    REVISION = REVISION
    CREATED  = CREATED
  }
}

target "services" {
  name     = svc.name
  inherits = ["_common"]
  target   = "service"
  matrix = {
    svc = [
      { name = "svc-auth", port = "4001" },
      { name = "svc-subscription", port = "4002" },
      { name = "svc-meetings", port = "4003" },
      { name = "svc-actions", port = "4004" },
    ]
  }
  args = {
    SERVICE = svc.name
    PORT    = svc.port
  }
  tags = ["${REGISTRY}/${svc.name}:${VERSION}"]
}

target "gateway" {
  inherits = ["_common"]
  target   = "gateway"
  tags     = ["${REGISTRY}/gateway:${VERSION}"]
}

target "frontends" {
  name     = app
  inherits = ["_common"]
  target   = "static"
  matrix = {
    app = ["shell", "mfe-onboarding", "mfe-meetings", "mfe-actions"]
  }
  args = {
    APP = app
  }
  tags = ["${REGISTRY}/${app}:${VERSION}"]
}
