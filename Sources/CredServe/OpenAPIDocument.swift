import CredSimulator

/// The served API as an OpenAPI 3.1 document: `credsh serve --openapi` prints it, and
/// docs/openapi.json is the same text (a test checks that they are identical, and CI runs
/// schemathesis against a running server with it: Tests/contract/run-schemathesis.sh).
/// The served SDK describes its own paths (HTTPServedSDK.openAPI); this adds the control
/// API's. Every status each path can answer is listed; when an answer changes, change it
/// where it is described and regenerate: `credsh serve --openapi > docs/openapi.json`.
public enum OpenAPIDocument {
    /// The document for the SDK `credsh serve` serves (Simulation.servedType); only the
    /// control API when none serves.
    public static let text = document(served: Simulation.servedType?.openAPI)

    static func document(served: OpenAPIPaths?) -> String {
        let description = served?.description ?? "No simulated SDK serves HTTP"
        let paths = served.map { $0.paths + "\n" } ?? ""
        let refused = served.map { "; " + $0.refusedRequests } ?? ""
        return #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "credsh serve",
    "version": "1",
    "description": "\#(description) and, with --control, the control API (README, \"The control API\"). Every status each path can answer is listed\#(refused). When the simulated network or server is down, a request gets no answer at all (the connection is closed)."
  },
  "servers": [
    {
      "url": "http://\#(ServingDefaults.host):\#(ServingDefaults.port)"
    }
  ],
  "components": {
    "securitySchemes": {
      "bearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "The token credsh serve --control prints at start."
      },
      "queryToken": {
        "type": "apiKey",
        "in": "query",
        "name": "token",
        "description": "The same token as ?token=."
      }
    }
  },
  "paths": {
\#(paths)    "/__credsh/run": {
      "post": {
        "summary": "Run a script against the live simulation (--control).",
        "security": [
          {
            "bearer": []
          },
          {
            "queryToken": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "text/plain": {
              "schema": {
                "type": "string"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The script passed: its JSON Lines, as --format json prints them.",
            "content": {
              "application/x-ndjson": {
                "schema": {
                  "type": "string"
                }
              }
            },
            "headers": {
              "Credsh-Exit-Code": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "description": "The script does not parse: its JSON Lines, an error record among them.",
            "content": {
              "application/x-ndjson": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "401": {
            "description": "No token, or not the token printed at start.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "403": {
            "description": "Host is not an IP address or localhost with the bound port (DNS rebinding), or Origin is another site's.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "405": {
            "description": "A method other than POST.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "408": {
            "description": "The request did not arrive whole within the timeout (--timeout).",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "413": {
            "description": "The body is larger than allowed (64 KiB for a form, 1 MiB for a script).",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "422": {
            "description": "The script failed (an expectation, a command, the step budget or the time limit): its JSON Lines.",
            "content": {
              "application/x-ndjson": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "431": {
            "description": "The request line and headers are over 16 KiB or 100 fields.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "503": {
            "description": "Answers not yet read by their clients hold over 16 MiB: try again.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/__credsh/state": {
      "get": {
        "summary": "The world as a harness checks it (--control).",
        "security": [
          {
            "bearer": []
          },
          {
            "queryToken": []
          }
        ],
        "responses": {
          "200": {
            "description": "The clock, the active SDK, the network, what was served, the served SDK's accounts and state lines (users, state), and every SDK's (sdks).",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "clock",
                    "sdk",
                    "network",
                    "server",
                    "served",
                    "users",
                    "state",
                    "sdks"
                  ],
                  "properties": {
                    "clock": {
                      "type": "string"
                    },
                    "sdk": {
                      "type": "string"
                    },
                    "network": {
                      "enum": [
                        "up",
                        "down"
                      ]
                    },
                    "server": {
                      "enum": [
                        "up",
                        "down"
                      ]
                    },
                    "served": {
                      "type": "object"
                    },
                    "users": {
                      "type": "array",
                      "items": {
                        "type": "object"
                      }
                    },
                    "state": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    },
                    "sdks": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "required": [
                          "sdk",
                          "users",
                          "state"
                        ],
                        "properties": {
                          "sdk": {
                            "type": "string"
                          },
                          "users": {
                            "type": "array",
                            "items": {
                              "type": "object"
                            }
                          },
                          "state": {
                            "type": "array",
                            "items": {
                              "type": "string"
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "description": "Malformed request (refused by the HTTP layer, or by the service: bad parameters).",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "401": {
            "description": "No token, or not the token printed at start.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "403": {
            "description": "Host is not an IP address or localhost with the bound port (DNS rebinding), or Origin is another site's.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "405": {
            "description": "A method other than GET and HEAD.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "408": {
            "description": "The request did not arrive whole within the timeout (--timeout).",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "431": {
            "description": "The request line and headers are over 16 KiB or 100 fields.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    }
  }
}
"""#
    }
}
