/// The served API as an OpenAPI 3.1 document: `credsh serve --openapi` prints it, and
/// docs/openapi.json is the same text (a test checks that they are identical, and CI runs
/// schemathesis against a running server with it: Tests/contract/run-schemathesis.sh).
/// Every status each path can answer is listed; when an answer changes, change it here
/// and copy it: `credsh serve --openapi > docs/openapi.json`.
public enum OpenAPIDocument {
    public static let text = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "credsh serve",
    "version": "1",
    "description": "The simulated SUSI.AI server of credsh serve (docs/susi.md) and, with --control, the control API (README, \"The control API\"). Every status each path can answer is listed; a request refused by the HTTP layer is answered with Jetty's error page (text/html). When the simulated network or server is down, a request gets no answer at all (the connection is closed)."
  },
  "servers": [
    {
      "url": "http://127.0.0.1:8080"
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
    "/aaa/login.json": {
      "get": {
        "summary": "Log in: an access token for login and password (docs/susi.md, \"Login\").",
        "parameters": [
          {
            "name": "login",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "password",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "type",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "valid_seconds",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "access_token",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The service's JSON answer (written as org.json writes it).",
            "content": {
              "application/javascript": {
                "schema": {
                  "type": "object"
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
          "403": {
            "description": "Too many invalid login attempts: the account is blocked for a while.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "405": {
            "description": "A method other than GET and POST.",
            "content": {
              "text/html": {
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
            "description": "Invalid credentials, or an account not yet activated.",
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
      },
      "post": {
        "summary": "Log in: an access token for login and password (docs/susi.md, \"Login\"). (a POST reads the query string, then a form body)",
        "parameters": [
          {
            "name": "login",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "password",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "type",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "valid_seconds",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "access_token",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "properties": {
                  "login": {
                    "type": "string"
                  },
                  "password": {
                    "type": "string"
                  },
                  "type": {
                    "type": "string"
                  },
                  "valid_seconds": {
                    "type": "string"
                  },
                  "access_token": {
                    "type": "string"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The service's JSON answer (written as org.json writes it).",
            "content": {
              "application/javascript": {
                "schema": {
                  "type": "object"
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
          "403": {
            "description": "Too many invalid login attempts: the account is blocked for a while.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "405": {
            "description": "A method other than GET and POST.",
            "content": {
              "text/html": {
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
            "description": "Invalid credentials, or an account not yet activated.",
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
    },
    "/aaa/changepassword.json": {
      "get": {
        "summary": "Change a password with an access token (docs/susi.md, \"Change password\").",
        "parameters": [
          {
            "name": "changepassword",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "password",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "newpassword",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "access_token",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The service's JSON answer (written as org.json writes it).",
            "content": {
              "application/javascript": {
                "schema": {
                  "type": "object"
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
            "description": "No valid access token: the caller's role is too low.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "405": {
            "description": "A method other than GET and POST.",
            "content": {
              "text/html": {
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
            "description": "Wrong current password.",
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
          },
          "500": {
            "description": "The vendor's NullPointerException for a missing account or newpassword, simulated (docs/susi.md).",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      },
      "post": {
        "summary": "Change a password with an access token (docs/susi.md, \"Change password\"). (a POST reads the query string, then a form body)",
        "parameters": [
          {
            "name": "changepassword",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "password",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "newpassword",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "access_token",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            }
          }
        ],
        "requestBody": {
          "required": false,
          "content": {
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "properties": {
                  "changepassword": {
                    "type": "string"
                  },
                  "password": {
                    "type": "string"
                  },
                  "newpassword": {
                    "type": "string"
                  },
                  "access_token": {
                    "type": "string"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The service's JSON answer (written as org.json writes it).",
            "content": {
              "application/javascript": {
                "schema": {
                  "type": "object"
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
            "description": "No valid access token: the caller's role is too low.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "405": {
            "description": "A method other than GET and POST.",
            "content": {
              "text/html": {
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
            "description": "Wrong current password.",
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
          },
          "500": {
            "description": "The vendor's NullPointerException for a missing account or newpassword, simulated (docs/susi.md).",
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
    },
    "/__credsh/run": {
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
